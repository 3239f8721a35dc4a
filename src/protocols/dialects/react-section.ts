/** One labelled section of a ReAct reply (`Thought:`, `Action:`, `Action Input:` ..), as `react-sections.ts` splits it. */
export type ReactLabel = 'thought' | 'action' | 'input' | 'observation' | 'final' | 'answer';

export interface ReactSection {
  label: ReactLabel;
  /** Where the label's line starts. */
  start: number;
  /** The text after the label, up to the next label (untrimmed). */
  body: string;
  /** Where `body` starts. */
  bodyStart: number;
}
