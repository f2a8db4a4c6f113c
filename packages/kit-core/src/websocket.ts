/**
 * @kit/kit-core/websocket: WebSocket endpoints served beside the app's routes, through the same
 * authentication, rate limits and middleware, and rooms to broadcast to their connections. The main
 * entry exports `defineWebSocket` and `WebSocketRoom` too.
 */
export { defineWebSocket, type WebSocketDefinition, type WebSocketHandlers, type WebSocketOptions } from './websocket/define-websocket.js';
export type { KitSocket, WebSocketMessage } from './websocket/kit-socket.js';
export type { WebSocketService } from './websocket/serve-websockets.js';
export { WebSocketRoom, type WebSocketRoomOptions } from './websocket/websocket-room.js';
