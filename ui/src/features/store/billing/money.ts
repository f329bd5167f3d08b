const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  jcb: 'JCB',
  discover: 'Discover',
  diners: 'Diners Club',
};

/** A saved card as its owner knows it: "Visa •••• 4242" (brand names are not translated). */
export function cardLabel(card: { brand: string; last4: string }): string {
  const brand = BRANDS[card.brand.toLowerCase()] ?? card.brand.toUpperCase();
  return brand ? `${brand} •••• ${card.last4}` : `•••• ${card.last4}`;
}
