/**
 * The KYC page's texts. pt-BR is the default (Brazilian sellers); en-US is chosen by
 * `?lang=en-US` or an English Accept-Language. Browser-side messages travel to the script
 * as data attributes, so the page needs no inline script.
 */
export const KYC_LOCALES = ['pt-BR', 'en-US'] as const;
export type KycLocale = (typeof KYC_LOCALES)[number];

export function pickLocale(lang: string | undefined, acceptLanguage: string | undefined): KycLocale {
  if (lang && (KYC_LOCALES as readonly string[]).includes(lang)) return lang as KycLocale;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'pt-BR';
}

export const KYC_TEXT = {
  'pt-BR': {
    title: 'Verificação de identidade',
    intro: 'Confira seus dados e envie seus documentos para começar a receber pagamentos.',
    yourData: 'Seus dados',
    name: 'Nome',
    email: 'E-mail',
    document: 'CPF/CNPJ',
    phone: 'Telefone',
    address: 'Endereço',
    bankAccount: 'Conta bancária',
    notInformed: 'Não informado',
    documents: 'Documentos',
    identificationDocument: 'Documento de identificação (RG, CNH ou passaporte)',
    selfie: 'Selfie segurando o documento',
    socialContract: 'Contrato social',
    alreadyReceived: 'Já recebido — envie outro apenas para substituir.',
    fileHint: 'JPG, PNG, WebP ou PDF, até 5 MB.',
    confirm: 'Confirmo que os dados acima estão corretos.',
    submit: 'Enviar para análise',
    sending: 'Enviando…',
    done: 'Documentos enviados! Nossa equipe vai analisá-los e avisaremos a empresa assim que terminarmos.',
    tooLarge: 'Arquivo maior que 5 MB:',
    missing: 'Envie o documento:',
    mustConfirm: 'Confirme que os dados estão corretos.',
    failed: 'Não foi possível enviar. Tente novamente.',
    expiredTitle: 'Link expirado',
    expiredBody: 'Este link de verificação expirou. Peça um novo link à empresa que o enviou.',
    usedTitle: 'Link já utilizado',
    usedBody: 'Os documentos deste link já foram enviados. Cada link pode ser usado uma única vez; se precisar enviar de novo, peça um novo link à empresa.',
    unknownTitle: 'Link inválido',
    unknownBody: 'Este link de verificação não existe ou foi cancelado. Confira o endereço ou peça um novo link à empresa.',
    switchTo: 'English',
    noScript: 'Ative o JavaScript do navegador para enviar os documentos.',
  },
  'en-US': {
    title: 'Identity verification',
    intro: 'Review your details and upload your documents to start receiving payments.',
    yourData: 'Your details',
    name: 'Name',
    email: 'E-mail',
    document: 'CPF/CNPJ',
    phone: 'Phone',
    address: 'Address',
    bankAccount: 'Bank account',
    notInformed: 'Not provided',
    documents: 'Documents',
    identificationDocument: 'Identification document (ID card, driver’s license or passport)',
    selfie: 'Selfie holding the document',
    socialContract: 'Articles of association (contrato social)',
    alreadyReceived: 'Already received — upload another only to replace it.',
    fileHint: 'JPG, PNG, WebP or PDF, up to 5 MB.',
    confirm: 'I confirm the details above are correct.',
    submit: 'Submit for review',
    sending: 'Sending…',
    done: 'Documents sent! Our team will review them and let the company know when we are done.',
    tooLarge: 'File larger than 5 MB:',
    missing: 'Please upload:',
    mustConfirm: 'Please confirm your details are correct.',
    failed: 'Could not send. Please try again.',
    expiredTitle: 'Link expired',
    expiredBody: 'This verification link has expired. Ask the company that sent it for a new one.',
    usedTitle: 'Link already used',
    usedBody: 'The documents for this link were already sent. Each link works once; to send again, ask the company for a new link.',
    unknownTitle: 'Invalid link',
    unknownBody: 'This verification link does not exist or was cancelled. Check the address or ask the company for a new link.',
    switchTo: 'Português',
    noScript: 'Please enable JavaScript in your browser to upload the documents.',
  },
} satisfies Record<KycLocale, Record<string, string>>;

export type KycText = (typeof KYC_TEXT)['pt-BR'];
