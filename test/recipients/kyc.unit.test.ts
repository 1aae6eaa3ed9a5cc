import { checkFileBytes, decodeBase64File, MAX_KYC_FILE_BYTES, sniffType } from '../../src/recipients/kyc-files';
import { pickLocale } from '../../src/recipients/kyc-page/kyc.i18n';
import { renderKycFormPage, renderKycProblemPage } from '../../src/recipients/kyc-page/kyc.page';
import { Recipient, RecipientLink } from '../../src/recipients/recipient.entity';
import { JPEG, PDF, PNG } from './fixtures';

describe('KYC files', () => {
  const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')] as unknown as Uint8Array[]);
  it('sniffs the type from the bytes, not from what the client declares', () => {
    expect(sniffType(PNG)).toBe('image/png');
    expect(sniffType(JPEG)).toBe('image/jpeg');
    expect(sniffType(PDF)).toBe('application/pdf');
    expect(sniffType(webp)).toBe('image/webp');
    expect(sniffType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffType(Buffer.alloc(0))).toBeNull();
  });

  it('accepts per kind: a selfie is a photo, documents may be PDFs', () => {
    expect(checkFileBytes('selfie', PNG)).toMatchObject({ contentType: 'image/png', sizeBytes: PNG.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(checkFileBytes('selfie', PDF)).toMatch(/JPEG, PNG, WEBP/);
    expect(checkFileBytes('socialContract', PDF)).toMatchObject({ contentType: 'application/pdf' });
    expect(checkFileBytes('identificationDocument', Buffer.alloc(0))).toBe('File is empty');
  });

  it('decodes base64 and data URLs (ignoring their declared type) and refuses oversize before decoding', () => {
    expect(decodeBase64File('selfie', `data:image/gif;base64,${PNG.toString('base64')}`)).toMatchObject({ contentType: 'image/png' });
    expect(decodeBase64File('selfie', PNG.toString('base64').replace(/(.{8})/g, '$1\n'))).toMatchObject({ contentType: 'image/png' });
    expect(decodeBase64File('selfie', 'not base64!')).toBe('File must be base64-encoded');
    expect(decodeBase64File('selfie', 'A'.repeat((MAX_KYC_FILE_BYTES / 3) * 4 + 8))).toMatch(/larger than 5 MiB/);
  });
});

describe('KYC page', () => {
  it('picks pt-BR by default and en-US on request', () => {
    expect(pickLocale(undefined, undefined)).toBe('pt-BR');
    expect(pickLocale(undefined, 'en-GB,en;q=0.9')).toBe('en-US');
    expect(pickLocale('en-US', 'pt-BR')).toBe('en-US');
    expect(pickLocale('fr-FR', 'pt-BR,pt;q=0.9')).toBe('pt-BR');
  });

  it('escapes everything it shows (a seller name is not markup) and masks the document', () => {
    const recipient = Object.assign(new Recipient(), { id: 'rec_1', document: '52998224725', documentType: 'cpf' });
    const link = Object.assign(new RecipientLink(), { companyId: 'comp_1', recipientId: 'rec_1', name: '<script>alert(1)</script>', email: 'a@b.c', type: 'individual', profile: {}, status: 'new', role: 'seller' });
    const html = renderKycFormPage({ locale: 'pt-BR', token: 'tok', linked: { recipient, link, bankAccount: null }, received: ['selfie'], required: ['identificationDocument', 'selfie'] });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('529••••••25');
    expect(html).not.toContain('52998224725');
    expect(html).toContain('data-received="true"');
    expect(html).not.toMatch(/<script>(?!<\/script>)/); // no inline script
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('<noscript>');
  });

  it('renders the dead-end pages in both languages', () => {
    expect(renderKycProblemPage('pt-BR', 'used', '/kyc/x')).toContain('Link já utilizado');
    expect(renderKycProblemPage('en-US', 'expired', '/kyc/x')).toContain('Link expired');
    expect(renderKycProblemPage('en-US', 'unknown', '/kyc/x')).toContain('href="/kyc/x?lang=pt-BR"');
  });
});
