// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { resources } from '../../../test/render';
import { detailLabel } from './Audit';

describe('audit details', () => {
  const en = createI18n('en', resources).t;
  const mn = createI18n('mn', resources).t;

  it('are words in the page language, with their values put in words', () => {
    expect(detailLabel(en, 'wrong_password')).toBe('Wrong password');
    expect(detailLabel(mn, 'wrong_password')).toBe('Нууц үг буруу');
    expect(detailLabel(en, 'via:api')).toBe('Through: the mobile app');
    expect(detailLabel(mn, 'via:web')).toBe('Хаанаас: вэбсайт');
    expect(detailLabel(mn, 'joined:manager')).toBe('Байгууллагад нэгдсэн. Үүрэг: Менежер');
    expect(detailLabel(en, 'invited:counselor:a@b.mn')).toBe('a@b.mn. Role: Counselor');
    expect(detailLabel(mn, 'staff:sensitive')).toBe('Маягтын самбарт хандах эрх: эмзэг мэдээлэлтэй');
    expect(detailLabel(en, 'exported:volunteer:xlsx')).toBe('Cultural Volunteer Program registration, XLSX');
  });

  it('keep the colons of free text in the last value', () => {
    expect(detailLabel(en, 'deleted:GRG-12:asked by email: twice')).toBe('GRG-12. Reason: asked by email: twice');
    expect(detailLabel(en, 'payment_marked_paid:42:25000 MNT')).toBe('Payment 42, amount: 25000 MNT');
    expect(detailLabel(en, 'payout_recorded:7:90000 MNT:TR:0042')).toBe('Organization 7, amount: 90000 MNT, reference: TR:0042');
    expect(detailLabel(mn, 'payout_details:7:•••• 6789')).toBe('Байгууллага: 7, данс: •••• 6789');
  });

  it('show details written before the codes, and codes it does not know, as they are', () => {
    for (const old of ['wrong password', 'admin=true (command line)', 'staff=desk', 'web', 'refresh token family revoked', 'x:y']) {
      expect(detailLabel(mn, old)).toBe(old);
    }
    expect(detailLabel(en, 'via')).toBe('via');
    expect(detailLabel(en, 'invited:owner')).toBe('invited:owner');
    expect(detailLabel(en, '')).toBe('');
  });
});
