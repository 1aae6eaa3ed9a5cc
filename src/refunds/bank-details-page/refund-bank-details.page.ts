import fs from 'node:fs';
import path from 'node:path';
import type { RefundStatus } from '../refund.rules';
import { KYC_PAGE_HEADERS } from '../../recipients/kyc-page/kyc.page';
import { escapeHtml, lastroPage } from '../../http/html';

/**
 * The buyer's bank-details page for a boleto refund, in pt-BR: server-rendered HTML, the KYC
 * page's stylesheet and one small script served by Lastro (no inline script, strict CSP).
 */

export const REFUND_BANK_DETAILS_JS = fs.readFileSync(path.join(__dirname, 'refund-bank-details.client.js'), 'utf8');

/** The KYC page's headers (strict CSP, no referrer, no caching): this page's token is in its URL too. */
export const REFUND_PAGE_HEADERS = KYC_PAGE_HEADERS;


const brl = (cents: number): string => (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

const layout = (title: string, body: string): string => lastroPage('pt-BR', title, body);

const CLOSED_TEXT: Partial<Record<RefundStatus, [string, string]>> = {
  bank_details_received: ['Dados recebidos', 'Recebemos seus dados bancários. A transferência (TED) será feita em breve.'],
  awaiting_confirmation: ['Dados recebidos', 'Recebemos seus dados bancários. A loja vai confirmar a conta antes da transferência (TED).'],
  ted_processing: ['Transferência em andamento', 'Recebemos seus dados bancários e a transferência (TED) está em andamento.'],
  refunded: ['Reembolso concluído', 'O valor já foi transferido para a sua conta.'],
  refused: ['Reembolso cancelado', 'Este reembolso foi cancelado pela loja. Em caso de dúvida, fale com a loja.'],
  failed: ['Prazo encerrado', 'O prazo para informar os dados bancários terminou. Fale com a loja para combinar a devolução.'],
};

/** A page with no form: the link is unknown or replaced, or the refund no longer needs details. */
export function renderRefundClosedPage(status: RefundStatus | 'unknown'): string {
  const [title, body] =
    status === 'unknown'
      ? ['Link inválido', 'Este link não existe ou foi substituído por um mais recente. Use o último link que você recebeu.']
      : (CLOSED_TEXT[status] ?? ['Reembolso em análise', 'Este reembolso ainda não precisa dos seus dados bancários.']);
  return layout(title, `    <h1>${escapeHtml(title)}</h1>\n    <p class="notice" data-refund-state="${escapeHtml(status)}">${escapeHtml(body)}</p>`);
}

export interface RefundFormInput {
  token: string;
  merchantName: string;
  amount: number;
  /** The previous transfer bounced: ask the buyer to check the account. */
  retry: boolean;
  deadline: Date | null;
}

function field(id: string, label: string, attrs: string, hint = ''): string {
  return `      <label class="file" for="${id}"><span>${escapeHtml(label)}</span>
        <input id="${id}" name="${id}" ${attrs}>${hint ? `\n        <small>${escapeHtml(hint)}</small>` : ''}
      </label>`;
}

/** The form: bank code, agency, account, account type, holder name, holder CPF/CNPJ. */
export function renderRefundFormPage(input: RefundFormInput): string {
  const deadline = input.deadline ? input.deadline.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }) : null;
  const body = `    <h1>Reembolso do seu boleto</h1>
    <p>${escapeHtml(input.merchantName)} vai devolver <strong>${escapeHtml(brl(input.amount))}</strong> que você pagou por boleto. Informe a conta bancária que vai receber a transferência (TED). A conta precisa estar no nome de quem fez a compra (mesmo CPF/CNPJ).</p>
${input.retry ? '    <p class="notice" data-refund-state="retry">A transferência para a conta informada antes foi devolvida pelo banco. Confira os dados e informe a conta novamente.</p>\n' : ''}${deadline ? `    <p><small>Prazo para informar os dados: ${escapeHtml(deadline)}.</small></p>\n` : ''}    <form id="refund-form" data-base="/refunds/bank-details/${escapeHtml(input.token)}" novalidate>
${field('bankCode', 'Código do banco', 'inputmode="numeric" maxlength="3" autocomplete="off" required', 'Três dígitos, ex.: 001 (Banco do Brasil), 237 (Bradesco), 341 (Itaú).')}
${field('agency', 'Agência', 'inputmode="numeric" maxlength="5" autocomplete="off" required', 'Sem o dígito.')}
${field('account', 'Conta com dígito', 'maxlength="15" autocomplete="off" required', 'Ex.: 12345-6')}
      <label class="file" for="accountType"><span>Tipo de conta</span>
        <select id="accountType" name="accountType"><option value="checking">Conta corrente</option><option value="savings">Conta poupança</option></select>
      </label>
${field('holderName', 'Nome do titular', 'maxlength="100" autocomplete="name" required')}
${field('holderDocument', 'CPF/CNPJ do titular', 'inputmode="numeric" maxlength="18" autocomplete="off" required', 'O mesmo CPF/CNPJ usado na compra.')}
      <p id="refund-status" role="status" aria-live="polite"></p>
      <button type="submit" id="refund-submit">Enviar dados bancários</button>
    </form>
    <noscript><p class="notice">Ative o JavaScript do navegador para enviar os dados.</p></noscript>
    <script src="/refunds/bank-details/assets/refund-bank-details.js" defer></script>`;
  return layout('Reembolso do seu boleto', body);
}
