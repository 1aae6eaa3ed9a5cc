import { inspect } from 'node:util';
import { SealedCard } from '../../src/cards/card-vault.service';

/** A claimed card kept sealed for its authorization in the same call never shows its secrets, whatever serializes it. */
it('a SealedCard serializes and inspects to nothing of its row', () => {
  const row = { id: 'crd_1', brand: 'visa', first6: '411111', last4: '1111', holder: 'MARIA SILVA', exp_month: 12, exp_year: 2030, document: '52998224725' };
  const sealed = new SealedCard({ ...row, pan_sealed: Buffer.from('sealed-pan'), cvv_sealed: Buffer.from('sealed-cvv'), cvv_live: true, key_id: 'k1' });
  expect(JSON.stringify({ sealed })).toBe('{"sealed":{}}');
  const shown = inspect(sealed, { depth: 5, showHidden: true });
  for (const secret of ['sealed-pan', 'sealed-cvv', '52998224725', 'MARIA']) expect(shown).not.toContain(secret);
  expect(SealedCard.rowOf(sealed).last4).toBe('1111');
});
