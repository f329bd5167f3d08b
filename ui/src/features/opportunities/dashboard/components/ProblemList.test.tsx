import { describe, expect, it } from 'vitest';
import { targets } from '../pages/Kanban';
import { fieldId } from './ProblemList';

describe('the editor and the board', () => {
  it('names a field as the server does, nested ones too', () => {
    expect(fieldId('questions.2.textMn')).toBe('f-questions-2-textMn');
    expect(fieldId('pay.min')).toBe('f-pay-min');
  });
  it('moves applications as the rules allow (never back to submitted, never out of hired or opted out)', () => {
    expect(targets('submitted')).toEqual(['reviewed', 'shortlisted', 'interview', 'offer', 'hired', 'declined']);
    expect(targets('interview')).not.toContain('interview');
    expect(targets('interview')).not.toContain('submitted');
    expect(targets('hired')).toEqual([]);
    expect(targets('opted_out')).toEqual([]);
    expect(targets('declined')).toContain('reviewed');
  });
});
