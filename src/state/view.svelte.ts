/**
 * The view, mirrored in the address bar. Every change is written with replaceState; a change of
 * lens adds a history entry so Back returns to the previous lens. Links that cannot be fully read
 * open the default for the unreadable parts and say so in `notes`.
 */
import { decodeView, encodeView, type DecodeOptions } from '../core/view/url-codec.ts';
import { DEFAULT_VIEW, type ViewState } from '../core/view/view-state.ts';

export class ViewStore {
  state = $state<ViewState>(structuredClone(DEFAULT_VIEW));
  notes = $state<string[]>([]);
  private lastLens = DEFAULT_VIEW.lens;
  private lastWritten = '';

  constructor(private readonly options: DecodeOptions) {}

  /** Reads the address (on start and on Back/Forward). */
  readAddress(): void {
    const { state, notes } = decodeView(location.search, location.hash, this.options);
    this.state = state;
    this.notes = notes;
    this.lastLens = state.lens;
    this.lastWritten = encodeView(state);
  }

  /** Writes the address when the view changed; call from an effect that reads `state`. */
  writeAddress(): void {
    const query = encodeView($state.snapshot(this.state) as ViewState);
    if (query === this.lastWritten) return;
    this.lastWritten = query;
    const url = `${location.pathname}${query ? `?${query}` : ''}`;
    const push = this.state.lens !== this.lastLens;
    this.lastLens = this.state.lens;
    // After the other effects of the same change (a board's fit posted to its worker first): the
    // browser's history call takes 8–35 ms of the page's thread while a large file loads (issue 28).
    queueMicrotask(() => (push ? history.pushState(null, '', url) : history.replaceState(null, '', url)));
  }

  /** A plain copy for queries and workers (no proxies). */
  snapshot(): ViewState {
    return $state.snapshot(this.state) as ViewState;
  }
}
