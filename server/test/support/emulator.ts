import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator, type RunningEmulator } from '../../src/auth/firebase-emulator';
import { silentLogger } from '../../src/lib/logger';

export const TEST_PROJECT_ID = 'demo-cleanup';

export interface TestEmulator extends RunningEmulator {
  projectId: string;
  /** Forgets every account of the project. */
  clearAccounts(): Promise<void>;
  /** Creates an account on the emulator and returns its ID token. */
  signUp(email: string, displayName?: string): Promise<{ idToken: string; uid: string }>;
}

/**
 * The app's Firebase Auth emulator launcher on its own port and throw-away folder, for tests of real token
 * verification (server/test) and of sign-in in the browser (e2e/support).
 */
export async function startTestEmulator(port = 9199): Promise<TestEmulator> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emulator-'));
  const emulator = await startAuthEmulator({ projectId: TEST_PROJECT_ID, port, dataDir, log: silentLogger });
  const api = `${emulator.url}/identitytoolkit.googleapis.com/v1`;
  return {
    ...emulator,
    projectId: TEST_PROJECT_ID,
    async clearAccounts() {
      const response = await fetch(`${emulator.url}/emulator/v1/projects/${TEST_PROJECT_ID}/accounts`, {
        method: 'DELETE',
      });
      if (!response.ok) throw new Error(`Auth emulator refused to clear accounts: HTTP ${response.status}`);
    },
    async stop() {
      await emulator.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async signUp(email, displayName) {
      const response = await fetch(`${api}/accounts:signUp?key=demo-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'secret-password', displayName, returnSecureToken: true }),
      });
      const account = (await response.json()) as { idToken: string; localId: string };
      if (!account.idToken) throw new Error(`emulator sign-up failed: ${JSON.stringify(account)}`);
      return { idToken: account.idToken, uid: account.localId };
    },
  };
}

/** An unsigned token in the emulator's format, for a user the emulator has never seen or with a past expiry. */
export function forgeToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: 'forged-user',
    user_id: 'forged-user',
    email: 'mallory@example.com',
    firebase: { sign_in_provider: 'google.com', identities: {} },
    ...claims,
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}
