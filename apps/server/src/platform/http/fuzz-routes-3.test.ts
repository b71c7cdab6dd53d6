import { fuzzRoutes } from '../../../test/fuzz/route-fuzz.ts';

/** The second and third parts of the route fuzz (fuzz.test.ts runs the first), so the workers share them. */
fuzzRoutes(2, 3);
