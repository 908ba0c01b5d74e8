/**
 * The service worker's side of the page: registers it (bundled code, no inline script) and says
 * when a new deployment is ready. Nothing changes under the user: the new version waits until they
 * choose to reload, then the page reloads whole. While the page is busy with the user's work, an
 * installing worker holds its precache (public/sw-yield.js).
 */
import { registerSW } from 'virtual:pwa-register';
import { mark } from '../io/marks.ts';

/** How often a busy page is asked again, and how long an idle moment is waited for. */
const BUSY_POLL_MS = 500;
const IDLE_WAIT_MS = 2000;
/** A busy page renews its hold on the install this often (the worker lets a hold lapse after 30 s unrenewed). */
const HOLD_RENEW_MS = 10_000;

export class UpdateStore {
  /** A new version is installed and waiting for a reload. */
  ready = $state(false);
  /** The page and its engines are cached: it works offline from now on. */
  offline = $state(false);
  private reload: ((reloadPage?: boolean) => Promise<void>) | null = null;
  private registration: ServiceWorkerRegistration | null = null;
  private busy = false;
  private renew: ReturnType<typeof setInterval> | undefined;

  /**
   * Registers the service worker once `busy()` says the page's work is done and the main thread is
   * idle: installing it precaches ~45 MB (DuckDB's engine among them), which on a first visit took a
   * core's worth of time from the file being read (measured: ~1.2 s of the service worker's thread
   * during a cold drop). A returning visit is served by the worker already installed either way.
   */
  start(busy: () => boolean): void {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
      const type = (event.data as { type?: string } | null)?.type;
      if (type === 'precache-paused' || type === 'precache-resumed') mark(type);
    });
    const register = () => {
      mark('service-worker');
      this.reload = registerSW({
        immediate: true,
        onNeedRefresh: () => (this.ready = true),
        onOfflineReady: () => (this.offline = true),
        onRegisteredSW: (_url, registration) => {
          if (!registration) return;
          this.registration = registration;
          // A new version's install (a deployment found later) hears what the page is doing too.
          registration.addEventListener('updatefound', () => this.busy && this.tell());
          if (this.busy) this.tell();
        },
      });
    };
    const whenFree = (): void => {
      if (busy()) setTimeout(whenFree, BUSY_POLL_MS);
      else if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: IDLE_WAIT_MS });
      else register();
    };
    whenFree();
  }

  /**
   * Whether the page is busy with the user's work (a file being read, a board or its intervals being
   * computed): an installing service worker holds its downloads meanwhile and resumes when told.
   */
  hold(busy: boolean): void {
    if (busy === this.busy) return;
    this.busy = busy;
    clearInterval(this.renew);
    if (busy) this.renew = setInterval(() => this.tell(), HOLD_RENEW_MS);
    this.tell();
  }

  /** Activates the waiting version and reloads the page with it. */
  apply(): void {
    void this.reload?.(true);
  }

  /** Tells an installing worker (if any) whether to hold its precache. */
  private tell(): void {
    this.registration?.installing?.postMessage({ type: this.busy ? 'precache-pause' : 'precache-resume' });
  }
}
