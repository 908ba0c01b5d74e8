/**
 * The service worker's side of the page: registers it (bundled code, no inline script) and says
 * when a new deployment is ready. Nothing changes under the user: the new version waits until they
 * choose to reload, then the page reloads whole.
 */
import { registerSW } from 'virtual:pwa-register';
import { mark } from '../io/marks.ts';

/** How often a busy page is asked again, and how long an idle moment is waited for. */
const BUSY_POLL_MS = 500;
const IDLE_WAIT_MS = 2000;

export class UpdateStore {
  /** A new version is installed and waiting for a reload. */
  ready = $state(false);
  /** The page and its engines are cached: it works offline from now on. */
  offline = $state(false);
  private reload: ((reloadPage?: boolean) => Promise<void>) | null = null;

  /**
   * Registers the service worker once `busy()` says the page's work is done and the main thread is
   * idle: installing it precaches ~45 MB (DuckDB's engine among them), which on a first visit took a
   * core's worth of time from the file being read (measured: ~1.2 s of the service worker's thread
   * during a cold drop). A returning visit is served by the worker already installed either way.
   */
  start(busy: () => boolean): void {
    if (!('serviceWorker' in navigator)) return;
    const register = () => {
      mark('service-worker');
      this.reload = registerSW({
        immediate: true,
        onNeedRefresh: () => (this.ready = true),
        onOfflineReady: () => (this.offline = true),
      });
    };
    const whenFree = (): void => {
      if (busy()) setTimeout(whenFree, BUSY_POLL_MS);
      else if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: IDLE_WAIT_MS });
      else register();
    };
    whenFree();
  }

  /** Activates the waiting version and reloads the page with it. */
  apply(): void {
    void this.reload?.(true);
  }
}
