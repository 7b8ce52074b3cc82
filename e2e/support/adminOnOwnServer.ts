import { expect, type Browser, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './ownServer.ts';
import { signIn, USERS } from './signIn.ts';

/** A server of the spec's own (see startOwnServer) and a page on it signed in as the admin, on the claims list. */
export async function adminOnOwnServer(
  browser: Browser,
  portOffset: number,
  name: string,
): Promise<{ server: OwnServer; page: Page }> {
  const server = await startOwnServer(portOffset, name);
  try {
    const page = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
    await signIn(page, USERS.admin);
    await expect(page).toHaveURL(/\/app\/all-claims$/);
    return { server, page };
  } catch (failed) {
    // afterAll never sees a server that did not come back, so stop it here.
    server.stop();
    throw failed;
  }
}
