/**
 * The page's side of a Hub dataset: its parquet listing, fetched with the page's own fetch (the
 * CSP's connect-src allows exactly the Hub and its file hosts). The logic is core/hub's; this file
 * is only the network edge. No credentials are ever sent.
 */
import { listShards, type ShardPlan } from '../core/hub/hub-api.ts';
import type { HubRef } from '../core/hub/hub-ref.ts';

export function listHubShards(ref: HubRef): Promise<ShardPlan> {
  return listShards(ref, async (url) => {
    const response = await fetch(url, { credentials: 'omit', headers: { accept: 'application/json' } });
    let body: unknown = null;
    if (response.ok) {
      try {
        body = await response.json();
      } catch {
        body = null;
      }
    } else await response.body?.cancel();
    return { status: response.status, body };
  });
}
