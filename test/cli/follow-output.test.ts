import { describe, expect, it } from 'vitest';
import { progressLines } from '../../api/cli/deploy-command.ts';

describe('folio deploy --follow output', () => {
  it('keeps lines written before an ending change under the previous status when one snapshot holds both', () => {
    const snapshot = { status: 'success', logs: ['Queued.', 'Parsed 3 pages.', 'Embedded 9 new chunks.', 'Live: Deployed 3 pages.'] };
    expect(progressLines(snapshot, 2, 'in_progress')).toEqual(['  Embedded 9 new chunks.', '[success]', '  Live: Deployed 3 pages.']);
  });

  it('prints a failure line under its own header', () => {
    expect(progressLines({ status: 'failure', logs: ['Queued.', 'Failed: no branch "x".'] }, 1, 'in_progress')).toEqual([
      '[failure]',
      '  Failed: no branch "x".',
    ]);
  });

  it('prints the header before the lines of a deployment that has just started', () => {
    expect(progressLines({ status: 'in_progress', logs: ['Queued.', 'Fetched main.'] }, 1, 'queued')).toEqual(['[in_progress]', '  Fetched main.']);
  });

  it('prints only new lines while the status stays the same', () => {
    expect(progressLines({ status: 'in_progress', logs: ['a', 'b', 'c'] }, 2, 'in_progress')).toEqual(['  c']);
  });
});
