export {
  type GeneralSocketApi,
  GeneralSocketProvider,
  useGeneralSocket,
  useSocketAction,
} from './GeneralSocketProvider.tsx';
export { GeneralSocket, type GeneralSocketConfig } from './general-socket.ts';
export { generalSocket } from './instance.ts';
export {
  type ActionHandler,
  CLOSE_NORMAL,
  CLOSE_UNAUTHORIZED,
  type ServerMessage,
  SocketError,
  type SocketState,
} from './protocol.ts';
