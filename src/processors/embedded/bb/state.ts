import type { BoletoTerms } from './bb.rules';

/** A boleto as the embedded issuer books it. */
export interface BookedBoleto {
  /** numeroTituloCliente: "000" + convênio + 10 digits. */
  id: string;
  convenio: string;
  carteira: number;
  variacao: number;
  terms: BoletoTerms;
  issuedOn: string;
  registeredOn: string;
  reference: string;
  instructions: string | null;
  payer: { tipoInscricao: number; numeroInscricao: string; nome: string } | null;
  barcode: string;
  line: string;
  /** 1 normal, 6 liquidado, 7 baixado. */
  state: 1 | 6 | 7;
  paidAmount: number | null;
  paidOn: string | null;
  canceledOn: string | null;
}

/** The issuer's books, in memory: a restart starts from empty books. */
export class Books {
  readonly boletos = new Map<string, BookedBoleto>();
  /** The liquidation webhook URL per convênio (BB registers it in its developer portal; here `PUT /embedded/webhooks/{convenio}`). */
  readonly webhooks = new Map<string, string>();

  byLine(line: string): BookedBoleto | undefined {
    for (const b of this.boletos.values()) if (b.line === line || b.barcode === line) return b;
    return undefined;
  }
}
