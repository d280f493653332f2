import { join } from 'node:path';

// The ports and the environment of the servers the end-to-end tests start, shared by
// playwright.config.ts (the suite's one server) and tests/own-server.ts (a worker's own server,
// for the specs that move the server's clock).

/** The suite's first port (E2E_PORT): the server; + 1 the identity provider; + 2 and + 3 Mailpit. */
export const e2ePort = Number(process.env.E2E_PORT ?? 18765);
/** The identity provider the sign-in test goes through (bin/oidc-dev). */
export const providerURL = `http://127.0.0.1:${e2ePort + 1}`;
/** Mailpit (bin/mailpit, make mailpit): the servers' SMTP server. Its HTTP API is on e2ePort + 3. */
export const mailSMTP = `127.0.0.1:${e2ePort + 2}`;

/** bin/sorteio's environment for a server on port keeping its SQLite database in dataDir. */
export function serverEnv(port: number, dataDir: string): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  return {
    ADDR: `127.0.0.1:${port}`,
    // Where the provider sends the browser back and where e-mailed links start: the configured
    // URL, never the request's Host.
    PUBLIC_URL: url,
    SQLITE_PATH: join(dataDir, 'sorteio.db'),
    RATE_LIMIT_SCALE: '100',
    LOG_LEVEL: 'warn',
    // A round may be abandoned 2 s after its countdown (60 s in production): draw-record.spec.ts.
    DRAW_ABANDON_GRACE: '2s',
    OIDC_ISSUER: providerURL,
    OIDC_CLIENT_ID: 'sorteio-e2e',
    OIDC_CLIENT_SECRET: 'segredo-e2e',
    OIDC_NAME: 'Provedor de Teste',
    // Mail goes to Mailpit.
    SMTP_URL: `smtp://${mailSMTP}`,
    MAIL_FROM: 'Sorteio <nao-responda@sorteio.test>',
  };
}
