import { a2aLegacyProtocolVersion, a2aProtocolVersion } from './sdk.js';

/** The JSON-RPC methods of A2A 1.0. */
export const a2aMethods: readonly string[] = [
  'SendMessage',
  'SendStreamingMessage',
  'GetTask',
  'ListTasks',
  'CancelTask',
  'SubscribeToTask',
  'CreateTaskPushNotificationConfig',
  'GetTaskPushNotificationConfig',
  'ListTaskPushNotificationConfigs',
  'DeleteTaskPushNotificationConfig',
  'GetExtendedAgentCard',
];

/** The JSON-RPC methods of A2A 0.3, by the 1.0 method each one became (`ListTasks` has none). */
export const a2aLegacyMethods: Readonly<Record<string, string>> = {
  'message/send': 'SendMessage',
  'message/stream': 'SendStreamingMessage',
  'tasks/get': 'GetTask',
  'tasks/cancel': 'CancelTask',
  'tasks/resubscribe': 'SubscribeToTask',
  'tasks/pushNotificationConfig/set': 'CreateTaskPushNotificationConfig',
  'tasks/pushNotificationConfig/get': 'GetTaskPushNotificationConfig',
  'tasks/pushNotificationConfig/list': 'ListTaskPushNotificationConfigs',
  'tasks/pushNotificationConfig/delete': 'DeleteTaskPushNotificationConfig',
  'agent/getAuthenticatedExtendedCard': 'GetExtendedAgentCard',
};

const currentMethods = new Set(a2aMethods);
const legacyByCurrent = new Map(Object.entries(a2aLegacyMethods).map(([legacy, current]) => [current, legacy]));

/** How one JSON-RPC request is answered: in A2A 1.0, in 0.3, or refused with a JSON-RPC error. */
export type ProtocolChoice =
  | { readonly protocol: '1.0' | '0.3' }
  | { readonly refused: { readonly code: 'methodNotFound' | 'versionNotSupported'; readonly message: string } };

/**
 * Chooses the protocol of a request from its `A2A-Version` header and its method. No header, or a
 * 0.3 version (`0.3`, `0.3.0`), means 0.3, as the 1.0 specification says; `1.0` means 1.0. Each
 * version takes only its own method names (`message/send` in 0.3, `SendMessage` in 1.0), so a
 * client that mixes them hears which header or which name to send; any other version is refused.
 */
export function chooseProtocol(header: string | null | undefined, method: string): ProtocolChoice {
  const version = header?.trim() ?? '';
  const shown = JSON.stringify(method.slice(0, 60));
  if (version === '' || /^0\.3(\.\d+)?$/.test(version)) {
    if (Object.hasOwn(a2aLegacyMethods, method)) return { protocol: '0.3' };
    if (currentMethods.has(method)) {
      const sent = version === '' ? 'no A2A-Version header, which means 0.3' : `A2A-Version ${JSON.stringify(version)}`;
      const legacy = legacyByCurrent.get(method);
      const instead = legacy ? `, or call ${legacy}, its name in 0.3` : ', since 0.3 has no such method';
      return refuse(
        'versionNotSupported',
        `${method} is an A2A ${a2aProtocolVersion} method and the request sent ${sent}; send the header A2A-Version: ${a2aProtocolVersion}${instead}.`,
      );
    }
    return refuse(
      'methodNotFound',
      `Method not found: ${shown} is not an A2A ${a2aLegacyProtocolVersion} method; use one of ${Object.keys(a2aLegacyMethods).join(', ')}, or send A2A-Version: ${a2aProtocolVersion} to call the ${a2aProtocolVersion} methods.`,
    );
  }
  if (version === a2aProtocolVersion) {
    if (currentMethods.has(method)) return { protocol: '1.0' };
    if (Object.hasOwn(a2aLegacyMethods, method)) {
      const current = a2aLegacyMethods[method];
      return refuse(
        'methodNotFound',
        `Method not found: ${shown} is the A2A ${a2aLegacyProtocolVersion} name of ${current} and the request sent A2A-Version: ${a2aProtocolVersion}; call ${current}, or leave out the A2A-Version header to speak ${a2aLegacyProtocolVersion}.`,
      );
    }
    return refuse(
      'methodNotFound',
      `Method not found: ${shown} is not an A2A ${a2aProtocolVersion} method; use one of ${a2aMethods.join(', ')}.`,
    );
  }
  return refuse(
    'versionNotSupported',
    `This agent speaks A2A ${a2aProtocolVersion} and ${a2aLegacyProtocolVersion} and the request sent A2A-Version ${JSON.stringify(version.slice(0, 20))}; send A2A-Version: ${a2aProtocolVersion}, or no A2A-Version header to speak ${a2aLegacyProtocolVersion}.`,
  );
}

function refuse(code: 'methodNotFound' | 'versionNotSupported', message: string): ProtocolChoice {
  return { refused: { code, message } };
}
