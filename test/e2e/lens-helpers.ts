/** Opening each lens of a sample and waiting until it has drawn, for tests that walk every lens. */
import { appUrl, openSession, type Session } from './browser.ts';
import { waitForDataset, waitForRatings } from './page-helpers.ts';
import { LENS_SAMPLES, lensTabs, openLens } from './settle.ts';

/** A fresh browser on `?sample=<id>` with its ratings fitted (GenRM opens on its Judges lens: no board to wait for). */
export async function openSample(
  sample: { id: string; file: string },
  viewport?: { width: number; height: number },
  query = '',
): Promise<Session> {
  const session = await openSession(viewport);
  await session.page.goto(appUrl(`?sample=${sample.id}${query}`));
  await waitForDataset(session.page, sample.file);
  if ((await session.page.getByTestId('lens-leaderboard').getAttribute('aria-selected')) === 'true') await waitForRatings(session.page);
  else await session.page.waitForFunction(() => !document.querySelector('[data-testid="status"]'), null, { timeout: 90_000 });
  return session;
}

export { LENS_SAMPLES, lensTabs, openLens };
export { waitForRatings };
