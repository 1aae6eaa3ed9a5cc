/**
 * COMPE bank code → ISPB, for the banks a Pix to an account may name. Lastro stores the COMPE code
 * (what a recipient and a buyer type); the SPI addresses a bank by its ISPB (the first 8 digits of
 * its CNPJ). Source: the Central Bank's list of STR participants, "Participantes do STR"
 * (https://www.bcb.gov.br/content/estabilidadefinanceira/str1/ParticipantesSTR.csv), columns
 * "Número_Código" and "ISPB". A bank missing here is refused with `unknown_bank` before any call;
 * add a row from that list to serve it. Pure.
 */
export const BANK_ISPB: Readonly<Record<string, { ispb: string; name: string }>> = {
  '001': { ispb: '00000000', name: 'Banco do Brasil' },
  '004': { ispb: '07237373', name: 'Banco do Nordeste' },
  '033': { ispb: '90400888', name: 'Santander' },
  '041': { ispb: '92702067', name: 'Banrisul' },
  '070': { ispb: '00000208', name: 'BRB' },
  '077': { ispb: '00416968', name: 'Banco Inter' },
  '104': { ispb: '00360305', name: 'Caixa Econômica Federal' },
  '197': { ispb: '16501555', name: 'Stone' },
  '208': { ispb: '30306294', name: 'BTG Pactual' },
  '212': { ispb: '92894922', name: 'Banco Original' },
  '237': { ispb: '60746948', name: 'Bradesco' },
  '260': { ispb: '18236120', name: 'Nu Pagamentos' },
  '290': { ispb: '08561701', name: 'PagSeguro' },
  '323': { ispb: '10573521', name: 'Mercado Pago' },
  '336': { ispb: '31872495', name: 'C6 Bank' },
  '341': { ispb: '60701190', name: 'Itaú Unibanco' },
  '364': { ispb: '09089356', name: 'Efí (Gerencianet)' },
  '380': { ispb: '22896431', name: 'PicPay' },
  '422': { ispb: '58160789', name: 'Safra' },
  '623': { ispb: '59285411', name: 'Banco Pan' },
  '707': { ispb: '62232889', name: 'Daycoval' },
  '748': { ispb: '01181521', name: 'Sicredi' },
  '756': { ispb: '02038232', name: 'Sicoob' },
};

/** The ISPB of a COMPE code (leading zeros optional: `1` is `001`); null when the table has no such bank. */
export function ispbOf(bankCode: string): string | null {
  const digits = bankCode.replace(/\D/g, '');
  if (digits.length === 0 || digits.length > 3) return null;
  return BANK_ISPB[digits.padStart(3, '0')]?.ispb ?? null;
}
