// Amounts typed in a form, in the currency's major unit ("90000" tögrög, "12.50" dollars), and
// back: minor units as the API counts them. A value that is not an amount is -1 (the server
// refuses it beside the field, in the reader's language).
export function toMinor(text: string, currency: string): number {
  const s = text.replace(/[\s,]/g, '');
  if (currency === 'USD') {
    const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(s);
    if (!m) return -1;
    return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  }
  return /^\d{1,15}$/.test(s) ? Number(s) : -1;
}

export function fromMinor(amount: number, currency: string): string {
  return currency === 'USD' ? `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}` : String(amount);
}
