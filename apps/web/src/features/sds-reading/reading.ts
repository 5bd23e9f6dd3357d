import type { PhysicalState } from '@chemtrack/domain';

/** One component row the server read from the SDS's section 3, with where it was printed. */
export interface ProposedComponent {
  name: string;
  /** The CAS # with dashes; null when the SDS withholds it (a trade secret). */
  number: string | null;
  /** An open bound ("<5%", ">90%") is null. */
  percentage_weight_low: number | null;
  percentage_weight_high: number | null;
  basis: string;
  page: number;
  source_text: string;
  warnings: string[];
}

/** The answer of `POST /sds/read`: nothing of it is saved until the user accepts it. */
export interface SdsReading {
  /** No text layer: nothing could be read, which is not "no components". */
  scanned: boolean;
  components: ProposedComponent[];
  specific_gravity: number | null;
  physical_state: PhysicalState | null;
  warnings: string[];
}
