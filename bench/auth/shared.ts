/** The session secret the bench server verifies with and the load generator signs its many sessions with. */
export const benchSessionSecret = 'bench-auth-session-secret-of-48-characters-long!!';
