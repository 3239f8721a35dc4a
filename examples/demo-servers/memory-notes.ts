/** The bundled notes the terminal-assistant demo server searches with `search_memory` (seed 002). */
export interface MemoryNote {
  id: string;
  title: string;
  text: string;
  tags: string[];
}

export const MEMORY_NOTES: readonly MemoryNote[] = [
  {
    id: 'note-1',
    title: 'Deploy checklist',
    text: 'Run the tests, tag the release, then deploy with `make deploy` from the main branch.',
    tags: ['deploy', 'release'],
  },
  {
    id: 'note-2',
    title: 'Database migration',
    text: 'Ana owns the migration to the new database; back up before running it.',
    tags: ['database', 'migration'],
  },
  {
    id: 'note-3',
    title: 'TLS certificate',
    text: 'The TLS certificate of the API expires on Friday; renew it with certbot.',
    tags: ['tls', 'security'],
  },
  {
    id: 'note-4',
    title: 'Shell aliases',
    text: 'll is ls -la; gs is git status.',
    tags: ['shell'],
  },
  {
    id: 'note-5',
    title: 'Quarterly report',
    text: 'The quarterly report goes to finance on the first Monday of the quarter.',
    tags: ['report', 'finance'],
  },
];

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/**
 * Simple keyword scoring: each query word (3+ letters) found in a note's title or tags counts 2,
 * in its text 1. Notes with no match are left out; ties keep the bundled order.
 */
export function searchNotes(query: string, limit: number): (MemoryNote & { score: number })[] {
  const terms = new Set(words(query).filter((word) => word.length >= 3));
  return MEMORY_NOTES.map((note) => {
    const heading = new Set([...words(note.title), ...note.tags.flatMap(words)]);
    const body = new Set(words(note.text));
    let score = 0;
    for (const term of terms) score += (heading.has(term) ? 2 : 0) + (body.has(term) ? 1 : 0);
    return { ...note, score };
  })
    .filter((note) => note.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
