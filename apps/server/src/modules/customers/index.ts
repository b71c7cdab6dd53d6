export { customerEvents } from './customers.events.ts';
export { customersRoutes } from './customers.routes.ts';
