/**
 * Model details (organisation, licence, open weights, price, release date, parameters): the file
 * the view names, read and joined to the board's models, and what its filters hide. The join and
 * the hiding are derived, so a new board or a new file re-joins by itself.
 */
import { DETAILS_SAMPLES, fileDetailsText, remoteDetailsText, sampleDetailsText } from '../io/details.ts';
import { parseMetadata, type MetadataTable } from '../core/metadata/metadata-table.ts';
import { joinMetadata, type MetadataJoin } from '../core/metadata/metadata-join.ts';
import { hiddenModels, orgLegend, type HiddenModels, type OrgLegend } from '../core/metadata/metadata-board.ts';
import { DEFAULT_VIEW, type DetailsSource, type DetailsState } from '../core/view/view-state.ts';
import { fingerprintFile } from '../core/view/fingerprint.ts';
import type { ViewStore } from './view.svelte.ts';
import type { DetailsActions } from './lens-context.svelte.ts';

export { DETAILS_SAMPLES };

export class DetailsStore {
  table = $state.raw<MetadataTable | null>(null);
  error = $state<string | null>(null);
  loading = $state(false);
  /** A link named a local details file that has not been given yet. */
  wantsFile = $state(false);
  private opened = 0;

  readonly join = $derived.by<MetadataJoin | null>(() => {
    const models = this.models();
    return this.table && models.length ? joinMetadata(models, this.table.models) : null;
  });
  readonly hidden = $derived.by<HiddenModels | null>(() => {
    const { openOnly, releasedFrom } = this.state();
    return this.join && (openOnly || releasedFrom) ? hiddenModels(this.models(), this.join.byModel, { openOnly, releasedFrom }) : null;
  });
  readonly legend = $derived.by<OrgLegend | null>(() =>
    this.join && this.table?.models.some((m) => m.organisation) ? orgLegend(this.models(), this.join.byModel) : null,
  );

  constructor(
    /** The board's models (the fit's list). */
    private readonly models: () => readonly string[],
    private readonly state: () => DetailsState,
  ) {}

  /** Reads what `source` names; a local file must come with it. Newest wins. */
  async open(source: DetailsSource | null, file?: File): Promise<void> {
    const ticket = ++this.opened;
    this.error = null;
    if (!source) {
      this.table = null;
      this.wantsFile = false;
      return;
    }
    if (source.kind === 'local' && !file) {
      this.table = null;
      this.wantsFile = true;
      return;
    }
    this.wantsFile = false;
    this.loading = true;
    try {
      const { name, text } =
        source.kind === 'sample'
          ? await sampleDetailsText(source.id)
          : source.kind === 'remote'
            ? await remoteDetailsText(source.url)
            : await fileDetailsText(file!);
      const table = parseMetadata(text, name);
      if (ticket === this.opened) this.table = table;
    } catch (error) {
      if (ticket === this.opened) {
        this.table = null;
        this.error = `Model details: ${error instanceof Error ? error.message : String(error)}`;
      }
    } finally {
      if (ticket === this.opened) this.loading = false;
    }
  }
}

/** What the page's controls do with details: each change goes into the view (so the address) and reads the file. */
export function detailsActions(view: ViewStore, details: DetailsStore): DetailsActions {
  return {
    /** A file given by the user (picker, or the prompt of a link that named one). */
    async chooseFile(file: File): Promise<void> {
      const ref = { name: file.name, size: file.size, fingerprint: await fingerprintFile(file) };
      const named = view.state.details.source;
      const wanted = details.wantsFile && named?.kind === 'local' ? named.file : null;
      if (wanted && (wanted.size !== ref.size || wanted.fingerprint !== ref.fingerprint)) {
        view.notes = [
          ...view.notes,
          `${file.name} is not the model-details file this link was made from (size or content differs); showing it anyway`,
        ];
      }
      const source = { kind: 'local' as const, file: ref };
      view.state.details.source = source;
      await details.open(source, file);
    },
    /** An address, or the details shipped with the sample on screen. */
    pick(source: DetailsSource): void {
      view.state.details.source = source;
      void details.open(source);
    },
    clear(): void {
      view.state.details = structuredClone(DEFAULT_VIEW.details);
      void details.open(null);
    },
  };
}
