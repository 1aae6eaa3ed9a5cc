import { changeNeedsReview, chooseKycLink, type ReviewedIdentity } from '../../src/recipients/recipient.rules';
import { parseRecipientOnboardingWorkflowId, recipientOnboardingWorkflowId } from '../../workflows/recipients/recipient-onboarding.contract';

const identity: ReviewedIdentity = {
  name: 'Maria Silva',
  type: 'individual',
  document: '52998224725',
  profile: { address: { city: 'São Paulo', state: 'SP' }, website: 'https://a.example', monthlyIncome: 100 },
};

describe('changeNeedsReview', () => {
  it('is never needed for a link that is not active (its review is still ahead)', () => {
    for (const status of ['new', 'pending', 'refused', 'inactive'] as const) {
      expect(changeNeedsReview(status, identity, { ...identity, name: 'Other' }, '11144477735')).toBe(false);
    }
  });

  it.each([
    ['the name', { name: 'Maria S.' }],
    ['the type', { type: 'company' as const }],
    ['the document', { document: '11144477735' }],
    ['the address', { profile: { ...identity.profile, address: { city: 'Rio', state: 'RJ' } } }],
    ['the legal representative', { profile: { ...identity.profile, legalRepresentative: { name: 'João', document: '11144477735' } } }],
    ['the Pix key', { profile: { ...identity.profile, pixKeyType: 'email', pixKey: 'x@y.com' } }],
    ['the mother’s name', { profile: { ...identity.profile, motherName: 'Ana' } }],
  ])('takes an active link back to review when %s changes', (_l, patch) => {
    expect(changeNeedsReview('active', identity, { ...identity, ...patch }, null)).toBe(true);
  });

  it('ignores contact and descriptive fields, key order and punctuation of the document', () => {
    const same = { ...identity, document: '529.982.247-25', profile: { monthlyIncome: 999, website: 'https://b.example', profession: 'Dev', address: { state: 'SP', city: 'São Paulo' } } };
    expect(changeNeedsReview('active', identity, same, null)).toBe(false);
  });

  it('needs no review for a payout account in the recipient’s own document, and does for anyone else’s', () => {
    expect(changeNeedsReview('active', identity, identity, '529.982.247-25')).toBe(false);
    expect(changeNeedsReview('active', identity, identity, '11144477735')).toBe(true);
  });
});

describe('chooseKycLink', () => {
  const links = [
    { companyId: 'comp_a', status: 'active' as const },
    { companyId: 'comp_b', status: 'pending' as const },
  ];
  it('takes the only live link', () => {
    expect(chooseKycLink('rec_1', [links[1]])).toEqual({ companyId: 'comp_b' });
  });
  it('refuses to guess among several links, listing them', () => {
    const r = chooseKycLink('rec_1', links);
    expect(r).toEqual({ error: expect.stringContaining('--company') });
    expect((r as { error: string }).error).toContain('comp_a (active), comp_b (pending)');
  });
  it('takes the named company, and refuses one without a link', () => {
    expect(chooseKycLink('rec_1', links, 'comp_b')).toEqual({ companyId: 'comp_b' });
    expect(chooseKycLink('rec_1', links, 'comp_c')).toEqual({ error: 'No recipient rec_1 linked to company comp_c' });
    expect(chooseKycLink('rec_1', [])).toEqual({ error: 'No recipient rec_1 linked to any company' });
  });
});

describe('recipientOnboarding workflow id', () => {
  it('names the link, starting with the rec_ id, and parses back', () => {
    const link = { recipientId: 'rec_01abc', companyId: 'comp_01xyz' };
    expect(recipientOnboardingWorkflowId(link)).toBe('rec_01abc:comp_01xyz');
    expect(parseRecipientOnboardingWorkflowId(' rec_01abc:comp_01xyz ')).toEqual(link);
    expect(parseRecipientOnboardingWorkflowId('rec_01abc')).toBeNull();
  });
});
