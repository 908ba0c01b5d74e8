/**
 * The service worker's side of the page: registers it (bundled code, no inline script) and says
 * when a new deployment is ready. Nothing changes under the user: the new version waits until they
 * choose to reload, then the page reloads whole.
 */
import { registerSW } from 'virtual:pwa-register';

export class UpdateStore {
  /** A new version is installed and waiting for a reload. */
  ready = $state(false);
  /** The page and its engines are cached: it works offline from now on. */
  offline = $state(false);
  private reload: ((reloadPage?: boolean) => Promise<void>) | null = null;

  start(): void {
    if (!('serviceWorker' in navigator)) return;
    this.reload = registerSW({
      onNeedRefresh: () => (this.ready = true),
      onOfflineReady: () => (this.offline = true),
    });
  }

  /** Activates the waiting version and reloads the page with it. */
  apply(): void {
    void this.reload?.(true);
  }
}
