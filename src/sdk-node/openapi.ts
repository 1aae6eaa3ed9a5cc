// Generated from the API's OpenAPI document (GET /openapi.json) by `npm run generate:lastro-node` (scripts/generate-lastro-node.ts).
// Do not edit: regenerate. test/sdk-node/generated.int.test.ts fails when this file is out of date.

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health: PostgreSQL and Temporal reachable */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description Text filters (name, email, document, phone, q) match partially and case-insensitively. Deleted customers are not listed.
         */
        get: operations["listCustomers"];
        put?: never;
        /** Create a customer */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a customer (deleted ones too, with deletedAt) */
        get: operations["getCustomer"];
        /** Update a customer (any subset of the create fields) */
        put: operations["updateCustomer"];
        post?: never;
        /** Delete a customer (soft; idempotent) */
        delete: operations["deleteCustomer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the company’s merchant recipients
         * @description Filters combine (AND): an e-mail and a document of two different recipients give an empty list.
         */
        get: operations["listRecipients"];
        put?: never;
        /**
         * Create (or reuse) a recipient and link it to the company
         * @description The registration is global (one per CPF/CNPJ) and matched by document only; everything else (name, contact, profile, bank account, files) is the company’s own, never shown to or changed by another company. The link starts `pending` when an address and a bank account are known, otherwise `new`. Role: seller by default; at most one owner per company (409 `owner_already_exists`).
         */
        post: operations["createRecipient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recipients/owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company’s owner recipient, or null */
        get: operations["getOwnerRecipient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recipients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a recipient linked to the company */
        get: operations["getRecipient"];
        /**
         * Update a recipient (any subset of the create fields)
         * @description Changes only the company’s own view. On an active recipient, a change of name, type, legal profile fields (address, legal representative, company data, Pix key) or a bank account not in the recipient’s own document takes the link back to `pending` for a new KYC review; e-mail and phone change freely. The document never changes (409 `recipient_document_shared`, whoever else pays the same person): to pay someone else, create a recipient with their document.
         */
        put: operations["updateRecipient"];
        post?: never;
        /** Unlink a recipient from the company (the global registration stays) */
        delete: operations["deleteRecipient"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recipients/{id}/kyc-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A single-use link to the KYC page, for the seller
         * @description The seller reviews their data and uploads identification, selfie and (companies) social contract. Valid 7 days, single use.
         */
        post: operations["createRecipientKycLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The resolved fee table of the account in one currency
         * @description Unconfigured fees are 0 / 0; creditCard always has 12 entries. `currency` defaults to the account currency.
         */
        get: operations["getFees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallets/owner/{ownerId}/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A recipient’s balances, one virtual wallet per currency
         * @description availableBalance = released money (blocked included); withdrawableBalance = availableBalance − blockedBalance.
         */
        get: operations["getWalletBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallets/owner/{ownerId}/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Statement totals per currency and entry type */
        get: operations["getWalletSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallets/owner/{ownerId}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Statement entries (debits negative), newest first */
        get: operations["listWalletTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallets/owner/{ownerId}/statement.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole statement as CSV (every filter of the JSON statement), streamed
         * @description UTF-8 with a BOM, a header row, comma-separated and quoted as RFC 4180 (CRLF records), newest first as the JSON list. Columns: id, createdAt, type, source, sourceId, description, currency, amount (integer cents, debits negative), amountFormatted (pt-BR, `-1.234,56`), releaseStatus, releaseAt, walletId, postingId. Empty for null. A text field a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`) is prefixed with `'`.
         */
        get: operations["exportWalletStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/ledger/credit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: put available funds on a recipient (404 in production)
         * @description Posts an `adjustment` from the platform into the recipient’s available balance, so withdrawals can be tried before sales exist.
         */
        post: operations["sandboxLedgerCredit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/listeners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The event catalog: every code a webhook can subscribe to */
        get: operations["listWebhookListeners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook deliveries (without payload and returnData; see the detail) */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a delivery with its payload and the last answer (returnData) */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now (same delivery, attemptCount +1)
         * @description Queued for an immediate attempt: a delivery waiting for its next scheduled retry is attempted now; a finished one (success or failed) is sent once more. 409 when its webhook is inactive or deleted.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhooks (deleted ones are not listed) */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook
         * @description The URL must be https and resolve only to public addresses (400 webhook_url_not_allowed otherwise). Without a secret, a whsec_ secret is generated.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook (deleted ones too, with deletedAt) */
        get: operations["getWebhook"];
        /**
         * Update a webhook (any of name, url, events, secret; version +1 on a change)
         * @description After a secret change the previous secret keeps signing, beside the new one, for 24 hours.
         */
        put: operations["updateWebhook"];
        post?: never;
        /** Delete a webhook (soft; idempotent) */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Activate or deactivate a webhook (an inactive one gets no new deliveries) */
        patch: operations["setWebhookStatus"];
        trace?: never;
    };
    "/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's events as they happen, as Server-Sent Events (what `lastro listen` reads)
         * @description A `text/event-stream`. First a `ready` event (`data: { companyId, since, resumedAfter }`), then one message per event: `id:` the event id, `data:` the webhook envelope exactly as a delivery sends it. A `: keep-alive` comment every 15 s. The stream ends after `timeout` seconds (or when the API restarts); reconnect with the `Last-Event-ID` header (or `lastEventId`) and the `since` of the first ready event to get what happened meanwhile, including events that committed late: deduplicate on the id. Only the caller’s events, only webhook event codes. At most 10 open streams per company and API process (429). When the key is revoked or rotated, or the company deleted, the stream ends within a second with `event: revoked` (`data: { reason: "key_revoked" | "company_deleted", message }`) and sends nothing committed after that; a reconnection is 401.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens/cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Tokenize a card (browser SDK; public, CORS, no API key)
         * @description Called by the browser SDK with the public companyId; requests with an x-api-key are refused (400 secret_key_not_allowed). An invalid card or an unknown companyId is 400 (the SDK: "Failed to generate any tokens"). A page whose origin the company does not allow gets 403 origin_not_allowed without CORS headers. Rate limited per client address and per company (429). The token is opaque, single use and valid 24 hours.
         */
        post: operations["createCardToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawals/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** When a withdrawal is approved without an operator (instant payouts) */
        get: operations["getWithdrawalRules"];
        /**
         * Set when a withdrawal is approved without an operator
         * @description A BRL withdrawal is approved at creation when `autoApprove` is on, its amount is at most `perWithdrawalLimit`, the recipient’s automatically approved withdrawals of the São Paulo day plus this one are at most `dailyLimit`, and the recipient has been KYC-approved for at least `minimumKycDays` days; any other waits for an operator. Applies to withdrawals requested from then on.
         */
        put: operations["setWithdrawalRules"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawals/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Withdrawal fee and minimum amount in one currency */
        get: operations["getWithdrawalConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List withdrawals, newest first */
        get: operations["listWithdrawals"];
        put?: never;
        /**
         * Request a withdrawal of a recipient’s withdrawable balance
         * @description Aggregates the withdrawable balance of the recipient’s wallets in the currency, picks the wallet (walletId), computes fee and netAmount, and reserves the gross amount (blocked) in the same transaction that creates the withdrawal. Under the company’s withdrawal rules (GET /withdrawals/rules) it is approved at once and paid out (an instant payout); otherwise it waits for an operator (signals `approve` / `reject` on the workflow with the withdrawal’s id). 409: `insufficient_balance`, `amount_below_minimum`, `no_active_wallet`, `recipient_not_active`, `recipient_without_bank_account`.
         */
        post: operations["createWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a withdrawal with its statusHistory */
        get: operations["getWithdrawal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawals/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a requested withdrawal (its reservation is released)
         * @description 409 `withdrawal_not_cancellable` once it is past `requested`.
         */
        post: operations["cancelWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List transfers, newest first */
        get: operations["listTransfers"];
        put?: never;
        /**
         * Move money between two recipients of the company
         * @description One ledger posting from the sender’s withdrawable balance to the receiver’s available balance, shown in both wallets’ statements (type `adjustment`, sourceId the trf_ id). Takes `Idempotency-Key`. 409: `insufficient_balance` beyond the sender’s withdrawable balance, `recipient_not_active`.
         */
        post: operations["createTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transfers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a transfer */
        get: operations["getTransfer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recipients/{id}/payout-schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a recipient’s automatic payouts
         * @description 404 when the recipient is not the company’s, or has no schedule.
         */
        get: operations["getPayoutSchedule"];
        /**
         * Set a recipient’s automatic payouts
         * @description On each due day (daily; weekly on `weekday`; monthly on `day`, a shorter month on its last day) the daily payout run withdraws the recipient’s whole withdrawable balance in `currency` when it is at least `minimumAmount` and the withdrawal minimum: one withdrawal per recipient and São Paulo date, with the withdrawal fee, approved by the schedule and paid out by Pix.
         */
        put: operations["setPayoutSchedule"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List transactions */
        get: operations["listTransactions"];
        put?: never;
        /**
         * Create a transaction (card answer in the same response; Pix and boleto wait for payment)
         * @description Sum of items (quantity × amount) must equal the sum of payments. Card payments are authorized before the response; Pix and boleto payments come back with their BR Code / barcode in status waiting_payment. The legacy top-level form (amount, paymentMethod, creditCard) is accepted. Idempotency-Key is kept 7 days. A boleto names its payer (boleto.payer, else the customer): neither is 422 boleto_payer_required, a document that is no valid CPF/CNPJ 422 boleto_payer_invalid.
         */
        post: operations["createTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a transaction with its payments and split items */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What happened to a transaction, and what is scheduled next (expiry, settlement releases) */
        get: operations["getTransactionTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an unpaid Pix/boleto transaction
         * @description Accepted (202): the transaction workflow cancels it, voids any approved card of it and sends transaction.canceled.
         */
        post: operations["cancelTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/payments/{payId}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: pay a Pix or boleto payment
         * @description Accepted (202): the transaction workflow records the payment; the payment and transaction become paid shortly after.
         */
        post: operations["sandboxPayPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/payments/{payId}/chargeback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: open a chargeback on a paid card payment
         * @description Accepted (202): the company's (embedded) acquirer records the issuer's dispute and notifies Lastro, as Cielo does; the dispute is read back from the acquirer, then the transaction workflow blocks the amount from the liable split recipients, charges the chargeback fee and penalty and marks the payment and transaction chargeback (payment.chargeback, transaction.chargeback).
         */
        post: operations["sandboxChargebackPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List plans
         * @description Text filters are partial and case-insensitive; priceMin/priceMax match plans with a current price in range (an inverted range matches nothing); createdFrom/createdTo are inclusive and also take YYYY-MM-DD.
         */
        get: operations["listPlans"];
        put?: never;
        /** Create a plan (in draft) */
        post: operations["createPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a plan */
        get: operations["getPlan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update name, description or metadata (never status) */
        patch: operations["updatePlan"];
        trace?: never;
    };
    "/v1/plans/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish a plan (needs a recurring component with a current price) */
        post: operations["publishPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a plan */
        post: operations["archivePlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}/template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The plan with each component and its current price
         * @description Prices in one currency: `currency`, or the company's default currency (BRL unless set) without it; the response says which. A component without a current price in it has price null.
         */
        get: operations["getPlanTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the components of a plan (not paginated; archived ones left out) */
        get: operations["listPlanItems"];
        put?: never;
        /** Add a component to a plan */
        post: operations["createPlanItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}/items/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Archive a component (the default component cannot be archived) */
        delete: operations["archivePlanItem"];
        options?: never;
        head?: never;
        /** Update the editable fields of a component (key and kind are not editable) */
        patch: operations["updatePlanItem"];
        trace?: never;
    };
    "/v1/plans/{id}/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every price version of a plan, newest first (not paginated) */
        get: operations["listPlanPrices"];
        put?: never;
        /**
         * Add a price version (current; the previous one for the same component, currency and cadence stops being current)
         * @description Without planItemId and planItemKey the price goes to the plan's default (legacy) component, created on first use.
         */
        post: operations["createPlanPrice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}/prices/{priceId}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a price version */
        post: operations["archivePlanPrice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}/charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a component and its price in one step (atomic)
         * @description Both parts are validated before anything is written; a 400 or 409 persists nothing.
         */
        post: operations["createPlanCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List checkout links (newest first) */
        get: operations["listCheckoutLinks"];
        put?: never;
        /**
         * Create a checkout link
         * @description Errors: 400 validation_failed, no_items, amount_too_low, invalid_splits_sum, recipient_not_active; 409 slug_taken.
         */
        post: operations["createCheckoutLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout/links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a checkout link (archived ones too) */
        get: operations["getCheckoutLink"];
        /**
         * Update a checkout link (any subset; version +1 on a change)
         * @description Existing sessions keep their snapshot. 409 link_archived for an archived link, slug_taken for a slug in use.
         */
        put: operations["updateCheckoutLink"];
        post?: never;
        /**
         * Archive a checkout link (idempotent)
         * @description The link becomes archived with deletedAt; its public URL stops making sessions.
         */
        delete: operations["archiveCheckoutLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout/charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List ad-hoc checkout sessions (newest first) */
        get: operations["listCheckoutCharges"];
        put?: never;
        /**
         * Create an ad-hoc checkout session (linkId null) with its url
         * @description Same content rules as a link. Errors: 400 validation_failed, no_items, amount_too_low, invalid_splits_sum, recipient_not_active.
         */
        post: operations["createCheckoutCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List checkout sessions of every origin (newest first); linkId= for one link */
        get: operations["listCheckoutSessions"];
        put?: never;
        /**
         * Create a checkout session: mode payment (as POST /checkout/charges) or subscription (a published plan, paid by card or Pix Automático)
         * @description Subscription mode errors: 400 validation_failed; 404 not_found (planId, couponId, customerId unknown or another company's); 409 plan_not_active, plan_not_priced (no recurring price in currency), customer_deleted, currency_not_supported / recurrence_not_supported (Pix Automático offered for a plan it cannot charge). The session completes (status paid, checkout.session.paid) with subscription.subscriptionId and customerId.
         */
        post: operations["createCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout/charges/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a checkout session (link session or charge), with its payments */
        get: operations["getCheckoutCharge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a checkout session (link session or charge), with its payments */
        get: operations["getCheckoutSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout/charges/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a created, opened or failed session (idempotent)
         * @description 409 session_not_cancellable from paying, partially_paid, paid or expired. Canceling again answers the canceled session.
         */
        post: operations["cancelCheckoutCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/public/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The buyer page's view of a session
         * @description This session only: content, amounts, installment options, its payments (Pix/boleto artifacts), no secrets. Errors: 404 unknown session; 429 rate_limited (per client address and session; payment attempts also per address and per link).
         */
        get: operations["getPublicCheckoutSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/public/sessions/{id}/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer opened the page: created → opened (idempotent)
         * @description checkout.session.opened once. Errors: 404 unknown session; 429 rate_limited (per client address and session; payment attempts also per address and per link).
         */
        post: operations["openPublicCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/public/sessions/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer pays: card token(s), Pix and/or boleto; in subscription mode, subscribes with a card or a Pix Automático mandate
         * @description Idempotency-Key header required (one per attempt). Creates one transaction for the amount due; a declined card shows as a failed payment with its failureCode and the buyer may confirm again. Errors: 400 validation_failed (requiredFields, customFields, CPF/CNPJ, installments, combined rules, methods); 404; 409 session_expired, session_not_payable (paid or canceled), payment_in_progress, idempotency_conflict; 422 boleto_payer_required (a boleto without the buyer's CPF/CNPJ, given or prefilled); 429 rate_limited. Subscription mode: body { customer, customFields?, paymentMethod: { method: credit_card, cardToken } | { method: pix_automatico } }; one subscription per session (a repeat answers it); 409 session_not_payable once its first card payment failed; the errors of saving a card and of starting a mandate (409, 422, 502, 503).
         */
        post: operations["confirmPublicCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-methods/cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save a card for a customer from a single-use token (for subscriptions)
         * @description Consumes the token; the answer's id (crd_…) is the defaultPaymentMethodRef of POST /subscriptions.
         */
        post: operations["saveCard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List subscriptions (envelope data, page, limit, total) */
        get: operations["listSubscriptions"];
        put?: never;
        /** Create a subscription (a published plan, or standalone items) */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a subscription, with its discount */
        get: operations["getSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The active items of a subscription */
        get: operations["listSubscriptionItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel now (mode immediately, default) or at the end of the current cycle (at_period_end) */
        post: operations["cancelSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/uncancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo a cancellation scheduled at period end */
        post: operations["uncancelSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause billing (the schedule shifts by the time paused); not for upfront subscriptions */
        post: operations["pauseSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused subscription */
        post: operations["resumeSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/payment-method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the saved card charged for this subscription (an incomplete subscription starts) */
        post: operations["attachSubscriptionPaymentMethod"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report usage of a metered item (billed on the invoice of its period) */
        post: operations["reportSubscriptionUsage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List invoices (filters status, subscription, customer) */
        get: operations["listInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an invoice */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/line-items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The line items of an invoice */
        get: operations["listInvoiceLineItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/subscriptions/{id}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox test clock: run the subscription's next cycle now (404 in production) */
        post: operations["advanceSandboxSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/invoices/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: mark a send_invoice invoice paid, as its Pix or boleto payment would (404 in production) */
        post: operations["paySandboxInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/plan-changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plan changes of a subscription, newest first */
        get: operations["listSubscriptionPlanChanges"];
        put?: never;
        /** Change the plan, prices or quantities of a subscription, now (prorated) or at the end of the cycle */
        post: operations["changeSubscriptionPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/plan-changes/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a change would do, changing nothing: its proration lines and the next invoice */
        post: operations["previewSubscriptionPlanChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/plan-changes/{changeId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a change scheduled for the end of the cycle */
        post: operations["cancelSubscriptionPlanChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List coupons, newest first (page or cursor) */
        get: operations["listCoupons"];
        put?: never;
        /** Create a coupon: percentOff or amountOff, once, repeating (durationInCycles) or forever */
        post: operations["createCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/coupons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a coupon */
        get: operations["getCoupon"];
        put?: never;
        post?: never;
        /** Deactivate a coupon: no new redemption; discounts already made keep applying */
        delete: operations["deleteCoupon"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/discount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply a coupon to the subscription from its next invoice (replaces its discount) */
        post: operations["applySubscriptionDiscount"];
        /** Remove the subscription’s discount from its next invoice on */
        delete: operations["removeSubscriptionDiscount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/discount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply a coupon to one open invoice (a discount line; its total lowered, never below 0) */
        post: operations["applyInvoiceDiscount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/pix-automatico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The subscription's latest Pix Automático mandate */
        get: operations["getSubscriptionPixAutomatico"];
        put?: never;
        /**
         * Start the payer's Pix Automático authorization for this subscription
         * @description Creates the mandate at the company's Pix PSP: its QR (qrCode) for the payer to scan, the QR of the subscription's open invoice paid now with the mandate (qr_with_payment), or a request sent to the payer's bank account. The mandate becomes active when the payer approves it (docs/billing.md "Pix Automático").
         */
        post: operations["startSubscriptionPixAutomatico"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/dunning-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** When failed invoice collections are retried */
        get: operations["getDunningSettings"];
        /**
         * Set when failed invoice collections are retried
         * @description After an invoice attempt fails, the next is made `retryDays[n]` days after the due date, until the days are spent: then the invoice is uncollectible and the subscription canceled (docs/billing.md "Dunning"). Applies to every retry scheduled from then on.
         */
        put: operations["setDunningSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A customer portal session: a short-lived secret URL where one customer pays its invoices and manages its subscriptions
         * @description 400 for an unknown customerId (404 not_found naming it), 409 customer_deleted. The URL works for an hour; make one per visit.
         */
        post: operations["createPortalSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{txnId}/payments/{payId}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a paid payment, fully or partly
         * @description amount defaults to the refundable rest (paid minus refunds not refused or failed). Partial refunds are allowed until the paid amount is used up, also under concurrent requests (the payment row is locked). The recipients’ shares are reserved at once. With automatic approval on (GET/PUT /settings/refunds) a card or Pix refund starts processing and a boleto refund starts awaiting_bank_details; otherwise it starts pending. 409: `payment_not_refundable` (not paid, or already refunded in full), `refund_exceeds_refundable`, `insufficient_balance` (a recipient cannot cover its share).
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/transaction/{transactionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Refunds of a transaction, oldest first */
        get: operations["listRefundsOfTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/payment/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Refunds of a payment, oldest first */
        get: operations["listRefundsOfPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a refund (ref_ or rfd_ id) */
        get: operations["getRefund"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending refund
         * @description Card and Pix: processing (sent to the acquirer, then refunded or failed). Boleto: awaiting_bank_details with bankDetailsUrl. 409 `refund_not_reviewable` unless pending.
         */
        post: operations["approveRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}/refuse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refuse a refund (its reserved money is released)
         * @description Allowed while no money has moved to the buyer (pending, or a boleto refund waiting for bank details or for the confirmation of the buyer’s account). The optional reason is the reviewer’s note: the refund’s own reason is kept. 409 `refund_not_reviewable` otherwise.
         */
        post: operations["refuseRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}/confirm-bank-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the buyer’s account of a boleto refund (the sale recorded no buyer document)
         * @description A boleto refund is paid only to the buyer: the account holder’s CPF/CNPJ must match the one the buyer gave at payment (customer, checkout form or payer data). When the sale recorded none, the buyer’s account waits in awaiting_confirmation (shown in bankAccount) and no transfer starts until the merchant confirms it here (→ bank_details_received, then the TED) or refuses the refund (POST /refunds/{id}/refuse). 409 `refund_not_awaiting_confirmation` otherwise.
         */
        post: operations["confirmRefundBankDetails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company’s refund settings (automatic approval, on by default) */
        get: operations["getRefundSettings"];
        /** Turn automatic refund approval on or off */
        put: operations["setRefundSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/receivables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List receivables by due date (oldest first)
         * @description Every sale’s net per recipient and installment, with its due date and status (waiting_funds, anticipated, paid, suspended).
         */
        get: operations["listReceivables"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/receivables/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a receivable */
        get: operations["getReceivable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/anticipations/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Price an anticipation of a recipient’s waiting receivables (changes nothing)
         * @description The eligible receivables it would take (waiting, due after today, not reserved or suspended), each one’s fee (the fee table’s anticipation rate per 30 days, pro rata by days), the totals and a fingerprint to send with POST /anticipations. 409: `amount_above_eligible`, `receivables_not_eligible`.
         */
        post: operations["simulateAnticipation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/anticipations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List anticipations, newest first
         * @description The company’s anticipations (requested and automatic), by creation then id, newest first. Filters: `recipientId`, `status`, `createdFrom` / `createdTo` (inclusive; a range that ends before it starts lists nothing). `page` / `limit` or a cursor (`startingAfter` / `endingBefore`: an anticipation of the company, else 404 naming it).
         */
        get: operations["listAnticipations"];
        put?: never;
        /**
         * Anticipate exactly what a simulation showed
         * @description Takes the receivables of the simulation with this fingerprint, or 409 `anticipation_changed` if they changed. At or under the company’s approval amount: anticipated at once (201, `completed`), the net credited as available in one ledger posting. Above it: `pending_approval`, its receivables reserved, until an operator signals `approve` or `reject` to the workflow with the anticipation’s id. A retry with the same fingerprint answers the first (200).
         */
        post: operations["createAnticipation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/anticipations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an anticipation */
        get: operations["getAnticipation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recipients/{id}/anticipation-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A recipient’s automatic anticipation settings */
        get: operations["getAnticipationSettings"];
        /**
         * Turn a recipient’s daily automatic anticipation on or off
         * @description When enabled, the daily release run anticipates `percentage` of what the recipient can anticipate (whole receivables, soonest due first), at once, with no operator.
         */
        put: operations["putAnticipationSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company’s disputes (one per chargeback), newest first */
        get: operations["listDisputes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/disputes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A dispute, with its deadline, evidence and outcome */
        get: operations["getDispute"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/disputes/{id}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adds evidence (text fields and files) to an open dispute before its deadline
         * @description Text fields replace the ones kept; files are added: PDF, JPEG or PNG by their content, base64, at most 5 MiB each and 10 per dispute (a request body at most 16 MiB). 409 `dispute_not_open` once submitted or decided, `dispute_deadline_passed` after `dueBy`.
         */
        post: operations["addDisputeEvidence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/disputes/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sends the evidence to the acquirer; the outcome comes from it (dispute.won / dispute.lost)
         * @description 409 `dispute_not_open` once submitted or decided, `dispute_deadline_passed` after `dueBy`, `dispute_evidence_missing` without evidence; 503 when the acquirer cannot be reached (nothing changed: retry).
         */
        post: operations["submitDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/disputes/{id}/outcome": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the issuer decides a dispute at the embedded acquirer (404 in production)
         * @description The embedded acquirer records the outcome on its chargeback and notifies Lastro as Cielo does; the notice books it (dispute.won or dispute.lost). 202: deciding.
         */
        post: operations["sandboxDecideDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "transaction.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.created
         * @description A transaction was created
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "transaction.created";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.waiting_payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.waiting_payment
         * @description A transaction is waiting for a Pix or boleto payment
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "transaction.waiting_payment";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.paid
         * @description A transaction was paid in full
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "transaction.paid";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.refused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.refused
         * @description A transaction was refused by the processor
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "transaction.refused";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.failed
         * @description A transaction failed to process
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "transaction.failed";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.canceled
         * @description A transaction was canceled or expired unpaid
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "transaction.canceled";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.refunded
         * @description A transaction was refunded, fully or partially
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "transaction.refunded";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.chargeback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.chargeback
         * @description A chargeback was opened on a transaction
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "transaction.chargeback";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.created
         * @description A payment was created
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "payment.created";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Payment"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.waiting_payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.waiting_payment
         * @description A payment is waiting for the buyer to pay
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "payment.waiting_payment";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Payment"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.paid
         * @description A payment was paid
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "payment.paid";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Payment"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.refused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.refused
         * @description A payment was refused
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "payment.refused";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Payment"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.failed
         * @description A payment failed
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "payment.failed";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Payment"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.refunded
         * @description A payment was refunded, fully or partially
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "payment.refunded";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Payment"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.chargeback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.chargeback
         * @description A chargeback was opened on a payment
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "payment.chargeback";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Payment"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.created
         * @description A customer was created
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "customer.created";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.updated
         * @description A customer was updated
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "customer.updated";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recipient.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * recipient.created
         * @description A recipient was created or linked to the company
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "recipient.created";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Recipient"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recipient.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * recipient.updated
         * @description A recipient was updated
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "recipient.updated";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Recipient"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recipient.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * recipient.approved
         * @description A recipient passed KYC and is active
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "recipient.approved";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Recipient"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recipient.refused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * recipient.refused
         * @description A recipient was refused at KYC
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "recipient.refused";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Recipient"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recipient.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * recipient.deleted
         * @description A recipient was unlinked from the company
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "recipient.deleted";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Recipient"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "withdrawal.requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * withdrawal.requested
         * @description A withdrawal was requested
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "withdrawal.requested";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Withdrawal"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "withdrawal.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * withdrawal.paid
         * @description A withdrawal was paid out
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "withdrawal.paid";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Withdrawal"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "withdrawal.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * withdrawal.rejected
         * @description A withdrawal was rejected by an operator
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "withdrawal.rejected";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Withdrawal"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "anticipation.requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * anticipation.requested
         * @description A recipient asked to anticipate waiting receivables: completed at once, or pending_approval while it waits for an operator
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "anticipation.requested";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Anticipation"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "anticipation.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * anticipation.approved
         * @description An operator approved an anticipation above the company’s approval amount: its money moved with the approval (completed)
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "anticipation.approved";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Anticipation"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "anticipation.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * anticipation.rejected
         * @description An operator rejected an anticipation: its receivables wait for their dates again
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "anticipation.rejected";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Anticipation"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "anticipation.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * anticipation.completed
         * @description Receivables were anticipated: their net, less the anticipation fee, is available
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "anticipation.completed";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Anticipation"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transfer.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transfer.created
         * @description Money was transferred between two recipients of the company
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "transfer.created";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Transfer"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * dispute.created
         * @description A chargeback opened a dispute, with its deadline for evidence
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "dispute.created";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Dispute"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.evidence_submitted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * dispute.evidence_submitted
         * @description The evidence of a dispute was sent to the processor
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "dispute.evidence_submitted";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Dispute"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.won": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * dispute.won
         * @description A dispute was won: the blocked amount is released back
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "dispute.won";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Dispute"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.lost": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * dispute.lost
         * @description A dispute was lost: the blocked amount is debited
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "dispute.lost";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Dispute"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.issued": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.issued
         * @description An invoice was issued
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "invoice.issued";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Invoice"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.payment_attempted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.payment_attempted
         * @description A payment of an invoice was attempted
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "invoice.payment_attempted";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: {
                            id: string;
                            companyId: string;
                            subscriptionId: string;
                            customerId: string;
                            cycle: number;
                            /** @enum {string} */
                            status: "open" | "paid" | "past_due" | "void" | "uncollectible";
                            currency: string;
                            total: number;
                            /** @description Cents a coupon took off (its discount line) */
                            discountAmount: number;
                            /** @enum {string} */
                            collectionMethod: "charge_automatically" | "send_invoice";
                            /** Format: date-time */
                            periodStart: string;
                            /** Format: date-time */
                            periodEnd: string;
                            /** Format: date-time */
                            issuedAt: string;
                            /** Format: date-time */
                            dueAt: string;
                            paidAt: string | null;
                            voidedAt: string | null;
                            attemptCount: number;
                            nextAttemptAt: string | null;
                            lastTransactionId: string | null;
                            lastFailureCode: string | null;
                            amountRefunded: number;
                            paymentUrl: string | null;
                            checkoutSessionId: string | null;
                            bolepix: components["schemas"]["InvoiceBolepix"] | null;
                            boleto: components["schemas"]["InvoiceBoleto"] | null;
                            pixQrCode: components["schemas"]["InvoicePixQrCode"] | null;
                            overpayments: components["schemas"]["InvoiceOverpayment"][];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /**
                             * @description How the attempt was made: the saved card, the Pix Automático mandate (a recurring charge), or by hand (its bolepix, else its payment link)
                             * @enum {string}
                             */
                            method: "card" | "pix_automatico" | "bolepix" | "payment_link";
                        };
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.paid
         * @description An invoice was paid
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "invoice.paid";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Invoice"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.voided": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.voided
         * @description An invoice was voided
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "invoice.voided";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Invoice"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.refunded
         * @description An invoice was refunded
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "invoice.refunded";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Invoice"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.overpaid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.overpaid
         * @description An invoice was paid again by another of its ways of paying (its payment link or its bolepix): the extra money is to refund
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "invoice.overpaid";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Invoice"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.rescheduled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.rescheduled
         * @description A failed invoice charge was rescheduled
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "invoice.rescheduled";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Invoice"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.created
         * @description A subscription was created
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "subscription.created";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Subscription"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.activated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.activated
         * @description A subscription became active
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "subscription.activated";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Subscription"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.canceled
         * @description A subscription was canceled
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "subscription.canceled";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Subscription"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.cycle_advanced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.cycle_advanced
         * @description A subscription advanced to its next cycle
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "subscription.cycle_advanced";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Subscription"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.paused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.paused
         * @description A subscription was paused
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "subscription.paused";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Subscription"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.resumed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.resumed
         * @description A subscription was resumed
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "subscription.resumed";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Subscription"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.updated
         * @description A subscription was changed: its plan, price or quantities (a plan change), or its discount
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "subscription.updated";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Subscription"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.plan_change_scheduled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.plan_change_scheduled
         * @description A change of plan, price or quantities was scheduled for the end of the current cycle
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "subscription.plan_change_scheduled";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Subscription"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.plan_change_canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.plan_change_canceled
         * @description A scheduled change of plan, price or quantities was canceled before it applied
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "subscription.plan_change_canceled";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Subscription"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.session.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.session.created
         * @description A checkout session was created
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "checkout.session.created";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["CheckoutSession"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.session.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.session.paid
         * @description A checkout session was paid in full
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "checkout.session.paid";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["CheckoutSession"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.session.partially_paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.session.partially_paid
         * @description A checkout session received part of its total
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "checkout.session.partially_paid";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["CheckoutSession"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.session.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.session.expired
         * @description A checkout session expired
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "checkout.session.expired";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["CheckoutSession"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.session.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.session.canceled
         * @description A checkout session was canceled
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "checkout.session.canceled";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["CheckoutSession"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.session.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.session.failed
         * @description A checkout session failed
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "checkout.session.failed";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["CheckoutSession"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.link.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.link.created
         * @description A checkout link was created
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "checkout.link.created";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["CheckoutLink"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.link.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.link.updated
         * @description A checkout link was updated
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "checkout.link.updated";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["CheckoutLink"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.link.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.link.archived
         * @description A checkout link was archived
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now (replays) */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook's secret; during a rotation two entries, space-separated */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it */
                        id: string;
                        /** @constant */
                        event: "checkout.link.archived";
                        companyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["CheckoutLink"];
                    };
                };
            };
            responses: {
                /** @description Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md) */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Error: {
            error: {
                code: string;
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
                requestId: string;
            };
        };
        CustomerAddress: {
            street: string | null;
            number: string | null;
            complement: string | null;
            neighborhood: string | null;
            city: string | null;
            state: string | null;
            zipCode: string | null;
            country: string | null;
        };
        Customer: {
            id: string;
            companyId: string;
            name: string;
            email: string;
            /** @enum {string} */
            type: "individual" | "company";
            document: string;
            /** @enum {string} */
            documentType: "cpf" | "cnpj" | "passport";
            phone: string;
            address: components["schemas"]["CustomerAddress"] | null;
            metadata: {
                [key: string]: string;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            deletedAt: string | null;
        };
        CustomerList: {
            data: components["schemas"]["Customer"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        CreateRecipientInput: {
            name: string;
            /** Format: email */
            email: string;
            /** Format: cpf-cnpj */
            document: string;
            /** @enum {string} */
            type: "individual" | "company";
            phone?: string;
            /**
             * @description seller (default) or owner (at most one per company)
             * @enum {string}
             */
            role?: "seller" | "owner";
            splitValue?: number | null;
            splitType?: ("percentage" | "flat") | null;
            companyType?: string;
            /** @description Legal (registered) company name */
            companyName?: string;
            /** Format: date */
            companyFoundingDate?: string;
            /** @description Integer cents */
            annualRevenue?: number;
            corporationType?: string;
            /** Format: date */
            birthDate?: string;
            motherName?: string;
            profession?: string;
            /** @description Integer cents */
            monthlyIncome?: number;
            /** @enum {string} */
            pixKeyType?: "cpf" | "cnpj" | "email" | "phone" | "random";
            pixKey?: string;
            /** Format: uri */
            website?: string;
            legalRepresentative?: components["schemas"]["RecipientLegalRepresentativeInput"];
            address?: components["schemas"]["RecipientAddressInput"];
            bankAccount?: components["schemas"]["RecipientBankAccountInput"];
            files?: components["schemas"]["RecipientFilesInput"];
        } & ((unknown | {
            splitType?: null;
            splitValue?: null;
        } | {
            /** @constant */
            splitType?: "percentage";
            splitValue?: number;
        } | {
            /** @constant */
            splitType?: "flat";
            splitValue?: number;
        }) & ({
            pixKey?: never;
            pixKeyType?: never;
        } | {
            /** @constant */
            pixKeyType: "cpf";
            /** Format: cpf */
            pixKey: unknown;
        } | {
            /** @constant */
            pixKeyType: "cnpj";
            /** Format: cnpj */
            pixKey: unknown;
        } | {
            /** @constant */
            pixKeyType: "email";
            /** Format: email */
            pixKey: string;
        } | {
            /** @constant */
            pixKeyType: "phone";
            pixKey: unknown;
        } | {
            /** @constant */
            pixKeyType: "random";
            pixKey: unknown;
        }) & (unknown | unknown));
        RecipientLegalRepresentativeInput: {
            name: string;
            /** Format: cpf-cnpj */
            document: string;
            /** Format: email */
            email?: string;
            motherName?: string;
            /** Format: date */
            birthdate?: string;
            /** @description Integer cents */
            monthlyIncome?: number;
            profession?: string;
            phone?: string;
            selfDeclaredRepresentative?: boolean;
        };
        RecipientAddressInput: {
            /** @description Street */
            address?: string;
            number?: string;
            complement?: string;
            neighborhood?: string;
            city?: string;
            /** @description State (UF), at most 2 characters */
            state?: string;
            postalCode?: string;
            referencePoint?: string;
        };
        RecipientBankAccountInput: {
            bankHolderName: string;
            /** Format: cpf-cnpj */
            bankHolderDocument: string;
            bankCode: string;
            bankAgency: string;
            bankAccount: string;
            bankHolderType?: string;
            bankName?: string;
            bankAccountDigit?: string;
            bankAccountType?: string;
        };
        RecipientFilesInput: {
            /**
             * Format: kyc-document
             * @description Base64 (or a data: URL); JPEG, PNG, WebP or PDF by content; at most 5 MiB decoded
             */
            identificationDocument?: string;
            /**
             * Format: kyc-image
             * @description Base64 (or a data: URL); JPEG, PNG, WebP or PDF by content; at most 5 MiB decoded
             */
            selfie?: string;
            /**
             * Format: kyc-document
             * @description Base64 (or a data: URL); JPEG, PNG, WebP or PDF by content; at most 5 MiB decoded
             */
            socialContract?: string;
        };
        Recipient: {
            id: string;
            name: string;
            email: string;
            document: string;
            /** @enum {string} */
            type: "individual" | "company";
            phone: string | null;
            /** @enum {string} */
            kind: "merchant" | "platform";
            /** @enum {string} */
            status: "new" | "pending" | "active" | "refused" | "inactive";
            /** @enum {string} */
            role: "seller" | "owner" | "platform";
            companyId: string;
            splitValue: number | null;
            splitType: ("percentage" | "flat") | null;
            defaultBankAccount: components["schemas"]["RecipientBankAccount"] | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        RecipientBankAccount: {
            id: string;
            bankCode: string;
            bankName: string | null;
            bankAgency: string;
            bankAccount: string;
            bankAccountDigit: string | null;
            bankHolderName: string;
            bankHolderDocument: string;
        };
        RecipientList: {
            data: components["schemas"]["Recipient"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        RecipientOwner: components["schemas"]["Recipient"] | null;
        UpdateRecipientInput: {
            name?: string;
            /** Format: email */
            email?: string;
            /** Format: cpf-cnpj */
            document?: string;
            /** @enum {string} */
            type?: "individual" | "company";
            phone?: string;
            /**
             * @description seller (default) or owner (at most one per company)
             * @enum {string}
             */
            role?: "seller" | "owner";
            splitValue?: number | null;
            splitType?: ("percentage" | "flat") | null;
            companyType?: string;
            /** @description Legal (registered) company name */
            companyName?: string;
            /** Format: date */
            companyFoundingDate?: string;
            /** @description Integer cents */
            annualRevenue?: number;
            corporationType?: string;
            /** Format: date */
            birthDate?: string;
            motherName?: string;
            profession?: string;
            /** @description Integer cents */
            monthlyIncome?: number;
            /** @enum {string} */
            pixKeyType?: "cpf" | "cnpj" | "email" | "phone" | "random";
            pixKey?: string;
            /** Format: uri */
            website?: string;
            legalRepresentative?: components["schemas"]["RecipientLegalRepresentativeInput"];
            address?: components["schemas"]["RecipientAddressInput"];
            bankAccount?: components["schemas"]["RecipientBankAccountInput"];
            files?: components["schemas"]["RecipientFilesInput"];
        } & ((unknown | {
            splitType?: null;
            splitValue?: null;
        } | {
            /** @constant */
            splitType?: "percentage";
            splitValue?: number;
        } | {
            /** @constant */
            splitType?: "flat";
            splitValue?: number;
        }) & ({
            pixKey?: never;
            pixKeyType?: never;
        } | {
            /** @constant */
            pixKeyType: "cpf";
            /** Format: cpf */
            pixKey: unknown;
        } | {
            /** @constant */
            pixKeyType: "cnpj";
            /** Format: cnpj */
            pixKey: unknown;
        } | {
            /** @constant */
            pixKeyType: "email";
            /** Format: email */
            pixKey: string;
        } | {
            /** @constant */
            pixKeyType: "phone";
            pixKey: unknown;
        } | {
            /** @constant */
            pixKeyType: "random";
            pixKey: unknown;
        }));
        DeletedRecipient: {
            id: string;
            /** @constant */
            deleted: true;
        };
        KycLink: {
            /** Format: uri */
            kycUrl: string;
            /** Format: date-time */
            expiresAt: string;
        };
        FeeTable: {
            pix: components["schemas"]["Fee"];
            boleto: components["schemas"]["Fee"];
            /** @description Always 12 entries, installments 1 to 12 */
            creditCard: components["schemas"]["InstallmentFee"][];
            withdrawal: components["schemas"]["Fee"];
            refund: components["schemas"]["Fee"];
            chargeback: {
                fee: components["schemas"]["Fee"];
                penalty: components["schemas"]["Fee"];
            };
            anticipation: components["schemas"]["AnticipationFee"];
            currency: string;
        };
        Fee: {
            /** @description Percent of the amount (2.99 = 2.99%) */
            percentage: number;
            /** @description Integer cents added to the percentage part */
            fixed: number;
        };
        InstallmentFee: {
            installments: number;
            /** @description Percent of the amount (2.99 = 2.99%) */
            percentage: number;
            /** @description Integer cents added to the percentage part */
            fixed: number;
        };
        AnticipationFee: {
            /** @description Percent per 30 days anticipated, charged pro rata by day on each receivable (2 = 2% a month) */
            percentage: number;
            /** @description Anticipations whose gross amount is above these integer cents wait for an operator; null: none waits */
            approvalAbove: number | null;
        };
        WalletBalances: {
            recipientId: string;
            balances: components["schemas"]["WalletBalance"][];
        };
        WalletBalance: {
            currency: string;
            /** @description Amount in integer cents */
            availableBalance: number;
            /** @description Amount in integer cents */
            pendingBalance: number;
            /** @description Amount in integer cents */
            blockedBalance: number;
            /** @description Amount in integer cents */
            withdrawableBalance: number;
        };
        WalletSummary: {
            recipientId: string;
            data: {
                currency: string;
                byType: {
                    /** @enum {string} */
                    type: "sale" | "fee" | "platform_fee" | "refund" | "chargeback" | "withdrawal" | "withdrawal_fee" | "withdrawal_reversal" | "adjustment";
                    /** @description Amount in integer cents */
                    total: number;
                    /** @description Amount in integer cents */
                    credits: number;
                    /** @description Amount in integer cents */
                    debits: number;
                    count: number;
                }[];
                /** @description Amount in integer cents */
                totalCredits: number;
                /** @description Amount in integer cents */
                totalDebits: number;
                /** @description totalCredits + totalDebits */
                net: number;
            }[];
        };
        StatementPage: {
            data: components["schemas"]["StatementEntry"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        StatementEntry: {
            id: string;
            walletId: string;
            postingId: string;
            currency: string;
            /** @enum {string} */
            type: "sale" | "fee" | "platform_fee" | "refund" | "chargeback" | "withdrawal" | "withdrawal_fee" | "withdrawal_reversal" | "adjustment";
            /** @description Integer cents; debits negative */
            amount: number;
            source: string;
            sourceId: string | null;
            /** @enum {string} */
            releaseStatus: "released" | "pending" | "anticipated" | "suspended";
            releaseAt: string | null;
            description: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        SandboxLedgerCreditInput: {
            recipientId: string;
            /** @description Amount in integer cents */
            amount: number;
            /** @description Default: the account currency */
            currency?: string;
            description?: string;
        };
        SandboxLedgerCredit: {
            postingId: string;
            recipientId: string;
            /** @description Amount in integer cents */
            amount: number;
            currency: string;
            balance: components["schemas"]["WalletBalance"];
        };
        WebhookListeners: {
            data: {
                code: string;
                description: string;
            }[];
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDeliverySummary"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        WebhookDeliverySummary: {
            id: string;
            companyId: string;
            webhookId: string;
            eventId: string | null;
            eventType: string;
            entityType: string | null;
            entityId: string | null;
            url: string;
            /** @enum {string} */
            status: "pending" | "retrying" | "success" | "failed";
            attemptCount: number;
            returnStatus: number | null;
            errorMessage: string | null;
            lastAttemptAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        WebhookDelivery: {
            id: string;
            companyId: string;
            webhookId: string;
            eventId: string | null;
            eventType: string;
            entityType: string | null;
            entityId: string | null;
            url: string;
            /** @enum {string} */
            status: "pending" | "retrying" | "success" | "failed";
            attemptCount: number;
            returnStatus: number | null;
            errorMessage: string | null;
            lastAttemptAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            payload: {
                [key: string]: unknown;
            };
            /** @description The last answer's content type and body (first 4 KiB) */
            returnData: {
                contentType: string | null;
                body: string;
                truncated: boolean;
            } | null;
        };
        WebhookRetryResult: {
            /** @constant */
            ok: true;
        };
        Webhook: {
            id: string;
            companyId: string;
            name: string;
            url: string;
            events: string[];
            secret: string;
            isActive: boolean;
            version: number;
            /**
             * @description failing: the endpoint keeps failing, so new events wait (pending) and one is sent at a time as a probe until it answers 2xx
             * @enum {string}
             */
            deliveryState: "healthy" | "failing";
            failingSince: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            deletedAt: string | null;
        };
        WebhookList: {
            data: components["schemas"]["Webhook"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        CreateCardToken: {
            companyId: string;
            card: {
                /**
                 * Format: card-number
                 * @description Card number (PAN) of a supported brand, 12-19 digits only, passing the Luhn check
                 */
                number: string;
                /**
                 * Format: card-holder
                 * @description Holder's name: 2-100 characters, a letter first, then letters, spaces and . ' -
                 */
                holder: string;
                /**
                 * Format: cpf-cnpj
                 * @description Holder's CPF or CNPJ (valid check digits)
                 */
                document: string;
                cvv: string;
                /**
                 * Format: card-expiration
                 * @description MM/YYYY or MM/YY, not in the past
                 */
                expiration: string;
            } | {
                number?: unknown;
                cvv?: unknown;
            } | {
                number?: unknown;
                cvv?: unknown;
            };
        };
        CardToken: {
            /** @description Opaque, single-use, valid 24 hours */
            tokenId: string;
        };
        WithdrawalRules: {
            /** @description Off: every withdrawal waits for an operator */
            autoApprove: boolean;
            /** @description Largest gross amount (cents) approved automatically */
            perWithdrawalLimit: number;
            /** @description Largest sum (cents) of one recipient’s automatically approved withdrawals per São Paulo day, the new one included */
            dailyLimit: number;
            /** @description Whole days the recipient must have been KYC-approved (active) */
            minimumKycDays: number;
            /**
             * @description Limits are in this currency; withdrawals in another always wait for an operator
             * @constant
             */
            currency: "BRL";
        };
        WithdrawalConfig: {
            currency: string;
            /** @description Percent of the gross amount (the fee table’s withdrawal entry) */
            feePercentage: number;
            /** @description Integer cents added to the percentage part */
            feeFixed: number;
            /** @description Smallest gross amount: at least 100 cents, and enough that netAmount is at least 1 cent after the fee; null when no amount qualifies (a 100% fee) */
            minimumAmount: number | null;
        };
        WithdrawalList: {
            data: components["schemas"]["Withdrawal"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        Withdrawal: {
            id: string;
            /** @description wlt_ id of the physical wallet debited, chosen automatically */
            walletId: string;
            /** @description Gross amount (cents) */
            amount: number;
            currency: string;
            /** @description Amount in integer cents */
            fee: number;
            /** @description amount − fee: what reaches the bank account */
            netAmount: number;
            /** @enum {string} */
            status: "requested" | "approved" | "processing" | "paid" | "rejected" | "cancelled" | "failed";
            /** @description rba_ id of the recipient’s bank account */
            bankAccountId: string;
            paidAt: string | null;
            pspTransferId: string | null;
            statusHistory: components["schemas"]["WithdrawalStatusChange"][];
            /** Format: date-time */
            createdAt: string;
        };
        WithdrawalStatusChange: {
            /** @enum {string} */
            status: "requested" | "approved" | "processing" | "paid" | "rejected" | "cancelled" | "failed";
            /** @description `api` (the merchant), `system` (Lastro) or the operator’s name */
            changedBy: string;
            /** Format: date-time */
            changedAt: string;
            /** @description Why, for rejected, cancelled and failed; null otherwise */
            reason: string | null;
        };
        Transfer: {
            id: string;
            fromRecipientId: string;
            toRecipientId: string;
            /** @description Amount in integer cents */
            amount: number;
            currency: string;
            description: string | null;
            metadata: {
                [key: string]: string;
            };
            /** @description pst_ id of the ledger posting that moved the money */
            postingId: string;
            /** Format: date-time */
            createdAt: string;
        };
        TransferList: {
            data: components["schemas"]["Transfer"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        PayoutScheduleInput: {
            /** @constant */
            interval: "daily";
            /**
             * @description Pays out only when the withdrawable balance is at least this (and at least the withdrawal minimum), in cents
             * @default 0
             */
            minimumAmount: number;
            /** @default true */
            enabled: boolean;
            currency?: string;
        } | {
            /** @constant */
            interval: "weekly";
            /** @enum {string} */
            weekday: "sunday" | "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday";
            /**
             * @description Pays out only when the withdrawable balance is at least this (and at least the withdrawal minimum), in cents
             * @default 0
             */
            minimumAmount: number;
            /** @default true */
            enabled: boolean;
            currency?: string;
        } | {
            /** @constant */
            interval: "monthly";
            /** @description Day of the month; a shorter month pays on its last day */
            day: number;
            /**
             * @description Pays out only when the withdrawable balance is at least this (and at least the withdrawal minimum), in cents
             * @default 0
             */
            minimumAmount: number;
            /** @default true */
            enabled: boolean;
            currency?: string;
        };
        PayoutSchedule: {
            recipientId: string;
            /** @enum {string} */
            interval: "daily" | "weekly" | "monthly";
            weekday: ("sunday" | "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday") | null;
            day: number | null;
            currency: string;
            /** @description Amount in integer cents */
            minimumAmount: number;
            enabled: boolean;
            /** Format: date-time */
            updatedAt: string;
        };
        Transaction: {
            id: string;
            companyId: string;
            referenceCode: string;
            customerId: string | null;
            /** @enum {string} */
            status: "pending" | "waiting_payment" | "paid" | "refused" | "failed" | "canceled" | "chargeback" | "refunded" | "partially_refunded";
            statusReason: string | null;
            amount: number;
            currency: string;
            items: {
                description: string;
                quantity: number;
                amount: number;
            }[];
            payments: components["schemas"]["Payment"][];
            splits: components["schemas"]["SplitItem"][];
            metadata: {
                [key: string]: string;
            };
            /** @enum {string} */
            origin: "api" | "subscription" | "checkout";
            paidAt: string | null;
            canceledAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Payment: {
            id: string;
            transactionId: string;
            /** @enum {string} */
            paymentMethod: "credit_card" | "pix" | "boleto";
            /** @enum {string} */
            status: "pending" | "waiting_payment" | "paid" | "refused" | "failed" | "canceled" | "chargeback" | "refunded" | "partially_refunded";
            statusReason: string | null;
            amount: number;
            currency: string;
            installments: number;
            creditCard: {
                cardId: string;
                brand: string;
                first6: string;
                last4: string;
                holder: string;
                expMonth: number;
                expYear: number;
                authorizationCode: string | null;
            } | null;
            pix: {
                qrCode: string;
                qrCodeUrl: string;
                txid: string;
                /** Format: date-time */
                expiresAt: string;
            } | null;
            boleto: {
                barcode: string;
                line: string;
                formattedLine: string;
                dueDate: string;
                instructions: string | null;
                url: string;
                /** @description The boleto as a PDF (the same boleto as url, for printing or attaching) */
                pdfUrl: string;
                /** @description The boleto's payer (pagador), as registered */
                payer?: {
                    name: string;
                    document: string;
                };
                /** @description The boleto's number at its issuer (nosso número) */
                number?: string;
                payableDaysAfterDue?: number;
                fine?: {
                    percent?: number;
                    amount?: number;
                } | null;
                interest?: {
                    monthlyPercent?: number;
                    dailyAmount?: number;
                } | null;
                discount?: {
                    until: string;
                    percent?: number;
                    amount?: number;
                } | null;
                pix?: {
                    /** @description Bolepix: the BR Code of the due-date Pix charge; paying it pays the boleto */
                    qrCode: string;
                    txid: string;
                } | null;
                /** @enum {string} */
                paidVia?: "boleto" | "pix";
                /** @description What the payer paid: fine and interest in, discount out */
                paidAmount?: number;
            } | null;
            expiresAt: string | null;
            paidAt: string | null;
            /** @description Cents charged back so far (sandbox chargebacks; several partial ones add up) */
            chargedBackAmount: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        SplitItem: {
            id: string;
            recipientId: string;
            /** @enum {string} */
            type: "sale" | "interest" | "platform_fee";
            amount: number | null;
            percentage: number | null;
            liable: boolean;
            chargeProcessingFee: boolean;
        };
        TransactionList: {
            data: components["schemas"]["Transaction"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        TransactionTimeline: {
            transactionId: string;
            /** @enum {string} */
            status: "pending" | "waiting_payment" | "paid" | "refused" | "failed" | "canceled" | "chargeback" | "refunded" | "partially_refunded";
            happened: {
                /** Format: date-time */
                at: string;
                kind: string;
                description: string;
                paymentId: string | null;
                amount: number | null;
                ref: string | null;
            }[];
            scheduled: {
                /** Format: date-time */
                at: string;
                /** @enum {string} */
                kind: "expiry" | "release";
                description: string;
                paymentId: string | null;
                amount: number | null;
            }[];
        };
        SandboxChargeback: {
            /** @description cbk_… (keys the ledger posting: the same chargeback never blocks twice) */
            id: string;
            paymentId: string;
            transactionId: string;
            amount: number;
            reason: string;
            /** @constant */
            status: "opening";
        };
        /** @description The fine, interest and discount of a send_invoice invoice's bolepix */
        LateFees: {
            /** @description Multa, once, from the day after the due date: at most 2% (the consumer code's cap) */
            finePercent?: number;
            /** @description Juros de mora per month, charged per day late: at most 1% a month */
            interestMonthlyPercent?: number;
            discount?: {
                percent?: number;
                /** @description Cents off */
                amount?: number;
                /**
                 * @description The discount holds until this many days before the due date (0: up to the due date)
                 * @default 0
                 */
                daysBeforeDue: number;
            } & (unknown | unknown);
            /** @description Days the boleto stays payable after its due date (30 when a fine or interest is set) */
            payableDaysAfterDue?: number;
        };
        Plan: {
            id: string;
            companyId: string;
            code: string;
            name: string;
            description: string | null;
            /** @enum {string} */
            status: "draft" | "active" | "inactive" | "archived";
            metadata: {
                [key: string]: string;
            };
            lateFees: components["schemas"]["LateFees"] | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            deletedAt: string | null;
        };
        PlanList: {
            data: components["schemas"]["Plan"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        PlanTemplate: {
            id: string;
            companyId: string;
            code: string;
            name: string;
            description: string | null;
            /** @enum {string} */
            status: "draft" | "active" | "inactive" | "archived";
            metadata: {
                [key: string]: string;
            };
            lateFees: components["schemas"]["LateFees"] | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            deletedAt: string | null;
            /** @description The currency of every price in the template: the query's, or the company's default */
            currency: string;
            items: {
                id: string;
                companyId: string;
                planId: string;
                key: string;
                name: string;
                /** @enum {string} */
                kind: "recurring" | "activation";
                quantityDefault: number;
                quantityIncluded: number;
                optional: boolean;
                displayOrder: number;
                description: string | null;
                metadata: {
                    [key: string]: string;
                };
                isDefault: boolean;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                deletedAt: string | null;
                price: components["schemas"]["Price"] | null;
            }[];
        };
        Price: {
            id: string;
            planId: string;
            planItemId: string;
            /** @enum {string} */
            billingScheme: "fixed" | "per_unit" | "tiered" | "package" | "metered";
            amount: number;
            currency: string;
            recurrence: {
                interval: number;
                /** @enum {string} */
                unit: "month" | "year";
                /** @enum {string} */
                anchor: "subscription_start" | "day_of_month" | "end_of_month";
                anchorDay: number | null;
                /** @enum {string} */
                collectionTiming: "prepaid" | "postpaid";
            };
            tiers: {
                upTo: number | null;
                unitAmount: number;
            }[] | null;
            packageSize: number | null;
            meterId: string | null;
            trialSpec: {
                durationDays: number;
                requiresPaymentMethod: boolean;
            } | null;
            isCurrent: boolean;
            /** Format: date-time */
            publishedAt: string;
            archivedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        PlanItem: {
            id: string;
            companyId: string;
            planId: string;
            key: string;
            name: string;
            /** @enum {string} */
            kind: "recurring" | "activation";
            quantityDefault: number;
            quantityIncluded: number;
            optional: boolean;
            displayOrder: number;
            description: string | null;
            metadata: {
                [key: string]: string;
            };
            isDefault: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            deletedAt: string | null;
        };
        Money: {
            /** @description Amount in integer cents */
            amount: number;
            currency: string;
        };
        Recurrence: {
            interval: number;
            /** @enum {string} */
            unit: "month" | "year";
            /**
             * @default subscription_start
             * @enum {string}
             */
            anchor: "subscription_start" | "day_of_month" | "end_of_month";
            anchorDay?: number | null;
            /**
             * @default prepaid
             * @enum {string}
             */
            collectionTiming: "prepaid" | "postpaid";
        } | {
            /** @constant */
            anchor: "day_of_month";
            anchorDay: number;
        } | {
            /** @enum {unknown} */
            anchor?: "subscription_start" | "end_of_month";
            anchorDay?: null;
        };
        TrialSpec: {
            durationDays: number;
            /** @default true */
            requiresPaymentMethod: boolean;
        };
        PlanCharge: {
            item: components["schemas"]["PlanItem"];
            price: components["schemas"]["Price"];
        };
        CheckoutLink: {
            id: string;
            tenantId: string;
            companyId: string;
            name: string | null;
            description: string | null;
            slug: string | null;
            /** @enum {string} */
            status: "active" | "archived";
            /** @constant */
            mode: "payment";
            /** @constant */
            currency: "BRL";
            /** @enum {string} */
            locale: "pt-BR" | "en-US" | "es-ES";
            items: components["schemas"]["CheckoutItem"][];
            paymentMethods: {
                card?: {
                    /** @default true */
                    enabled: boolean;
                    /** @default false */
                    multipleCards: boolean;
                    /**
                     * @default {
                     *       "maxInstallments": 1,
                     *       "freeInstallments": 0,
                     *       "interestRate": 0,
                     *       "interestType": "compound"
                     *     }
                     */
                    installments: {
                        maxInstallments: number;
                        /** @default 0 */
                        freeInstallments: number;
                        /**
                         * @description Monthly percent, decimals allowed
                         * @default 0
                         */
                        interestRate: number;
                        /**
                         * @default compound
                         * @enum {string}
                         */
                        interestType: "simple" | "compound";
                    };
                };
                pix?: {
                    /** @default true */
                    enabled: boolean;
                    /** @default 3600 */
                    expiresIn: number;
                };
                boleto?: {
                    /** @default true */
                    enabled: boolean;
                    /** @default 3 */
                    dueDateDays: number;
                };
                combined?: {
                    enabled: boolean;
                    /**
                     * @description Amount in integer cents
                     * @default 1
                     */
                    minAmountPerPayment: number;
                    /** @default 4 */
                    maxPaymentsCount: number;
                };
            } | {
                card: {
                    /** @constant */
                    enabled?: true;
                };
            } | {
                pix: {
                    /** @constant */
                    enabled?: true;
                };
            } | {
                boleto: {
                    /** @constant */
                    enabled?: true;
                };
            };
            splits: components["schemas"]["CheckoutSplit"][];
            branding: {
                primaryColor?: string;
                /** Format: public-https-url */
                logoUrl?: string;
                merchantName?: string;
                /** @enum {string} */
                mobileLayout?: "single-page" | "step-by-step";
                /** Format: public-https-url */
                faviconUrl?: string;
            } | null;
            requiredFields: ("email" | "document" | "phone" | "address")[];
            customFields: ({
                key: string;
                label: string | {
                    [key: string]: string;
                };
                /** @enum {string} */
                type: "text" | "select" | "checkbox";
                options?: (string | {
                    value: string;
                    label: string | {
                        [key: string]: string;
                    };
                })[];
                /** @default false */
                required: boolean;
            } | {
                /** @constant */
                type: "select";
            } | {
                /** @enum {unknown} */
                type?: "text" | "checkbox";
                options?: never;
            })[];
            successUrl: string | null;
            cancelUrl: string | null;
            metadata: {
                [key: string]: string;
            };
            expirationMinutes: number;
            version: number;
            url: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            deletedAt: string | null;
        };
        CheckoutItem: {
            id: string;
            name: string;
            description: string | null;
            imageUrl: string | null;
            quantity: number;
            unitAmount: number;
            metadata: {
                [key: string]: string;
            };
        };
        CheckoutSplit: {
            recipientId: string;
            percentage: number;
            liable: boolean;
        };
        CheckoutLinkList: {
            data: components["schemas"]["CheckoutLink"][];
            page: number;
            limit: number;
            total: number;
            /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
            hasMore: boolean;
        };
        CheckoutSession: {
            id: string;
            companyId: string;
            tenantId: string;
            linkId: string | null;
            linkVersion: number | null;
            /** @enum {string} */
            status: "created" | "opened" | "paying" | "partially_paid" | "paid" | "failed" | "expired" | "canceled";
            /** @enum {string} */
            mode: "payment" | "subscription";
            /** @description BRL; a subscription session bills in its plan currency */
            currency: string;
            /** @enum {string} */
            locale: "pt-BR" | "en-US" | "es-ES";
            items: components["schemas"]["CheckoutItem"][];
            /** @description Subscription mode: only card (Pix Automático is in subscription.paymentMethods) */
            paymentMethods: {
                card?: {
                    /** @default true */
                    enabled: boolean;
                    /** @default false */
                    multipleCards: boolean;
                    /**
                     * @default {
                     *       "maxInstallments": 1,
                     *       "freeInstallments": 0,
                     *       "interestRate": 0,
                     *       "interestType": "compound"
                     *     }
                     */
                    installments: {
                        maxInstallments: number;
                        /** @default 0 */
                        freeInstallments: number;
                        /**
                         * @description Monthly percent, decimals allowed
                         * @default 0
                         */
                        interestRate: number;
                        /**
                         * @default compound
                         * @enum {string}
                         */
                        interestType: "simple" | "compound";
                    };
                };
                pix?: {
                    /** @default true */
                    enabled: boolean;
                    /** @default 3600 */
                    expiresIn: number;
                };
                boleto?: {
                    /** @default true */
                    enabled: boolean;
                    /** @default 3 */
                    dueDateDays: number;
                };
                combined?: {
                    enabled: boolean;
                    /**
                     * @description Amount in integer cents
                     * @default 1
                     */
                    minAmountPerPayment: number;
                    /** @default 4 */
                    maxPaymentsCount: number;
                };
            };
            splits: components["schemas"]["CheckoutSplit"][];
            branding: {
                primaryColor?: string;
                /** Format: public-https-url */
                logoUrl?: string;
                merchantName?: string;
                /** @enum {string} */
                mobileLayout?: "single-page" | "step-by-step";
                /** Format: public-https-url */
                faviconUrl?: string;
            } | null;
            requiredFields: ("email" | "document" | "phone" | "address")[];
            customFields: ({
                key: string;
                label: string | {
                    [key: string]: string;
                };
                /** @enum {string} */
                type: "text" | "select" | "checkbox";
                options?: (string | {
                    value: string;
                    label: string | {
                        [key: string]: string;
                    };
                })[];
                /** @default false */
                required: boolean;
            } | {
                /** @constant */
                type: "select";
            } | {
                /** @enum {unknown} */
                type?: "text" | "checkbox";
                options?: never;
            })[];
            successUrl: string | null;
            cancelUrl: string | null;
            metadata: {
                [key: string]: string;
            };
            expirationMinutes: number;
            /** @description Subscription mode: the offer, and the subscription, customer and mandate its confirmation made (the checkout is complete when status is paid); null in payment mode */
            subscription: components["schemas"]["CheckoutSessionSubscription"];
            amount: number;
            amountPaid: number;
            amountDue: number;
            customer: {
                name: string | null;
                email: string | null;
                document: string | null;
                phone: string | null;
                address: {
                    street: string | null;
                    number: string | null;
                    complement: string | null;
                    neighborhood: string | null;
                    city: string | null;
                    state: string | null;
                    zipCode: string | null;
                    country: string | null;
                } | null;
            } | null;
            customFieldValues: {
                [key: string]: string | boolean;
            };
            payments: {
                id: string;
                /** @enum {string} */
                method: "credit_card" | "pix" | "boleto";
                /** @description Charged, card interest included */
                amount: number;
                /**
                 * @description A refused card shows as failed, with its failureCode
                 * @enum {string}
                 */
                status: "pending" | "waiting_payment" | "paid" | "failed" | "canceled" | "refunded" | "chargeback";
                failureCode: string | null;
                installments: number;
                card: {
                    brand: string;
                    last4: string;
                } | null;
                pix: {
                    copyPaste: string;
                    qrCodeUrl: string;
                    /** Format: date-time */
                    expiresAt: string;
                } | null;
                boleto: {
                    digitableLine: string;
                    barcode: string;
                    url: string;
                    dueDate: string;
                } | null;
                transactionId: string;
            }[];
            url: string;
            /** Format: date-time */
            expiresAt: string;
            openedAt: string | null;
            paidAt: string | null;
            canceledAt: string | null;
            expiredAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        CheckoutSessionSubscription: {
            planId: string;
            currency: string;
            recurrence: {
                interval: number;
                unit: string;
            };
            trialDays: number;
            lines: {
                description: string;
                /** @enum {string} */
                kind: "recurring" | "activation";
                quantity: number;
                /** @description Per cycle (recurring) or once (activation); null for metered usage */
                amount: number | null;
            }[];
            /** @description The recurring items of one cycle (metered usage apart) */
            amountPerCycle: number;
            /** @description The first invoice before any coupon; 0 during a trial */
            amountDueNow: number;
            paymentMethods: {
                card: boolean;
                pixAutomatico: boolean;
            };
            items: {
                planItemId?: string;
                planItemKey?: string;
                quantity?: number;
            }[];
            couponId: string | null;
            subscriptionId: string | null;
            customerId: string | null;
            mandateId: string | null;
        } | null;
        CreateSubscriptionCheckoutSession: {
            /** @constant */
            mode: "subscription";
            /** @description A published (active) plan (plan_…) */
            planId: string;
            /** @description Optional components added, or quantities set, as POST /subscriptions's items with planId */
            items?: ({
                planItemId?: string;
                planItemKey?: string;
                quantity?: number;
            } & (unknown | unknown))[];
            /** @description The plan's prices in this currency; Pix Automático charges BRL only */
            currency?: string;
            /** @description A coupon (cpn_…) applied to the subscription from its first invoice */
            couponId?: string;
            /** @description An existing customer (cust_…) who subscribes; without it the buyer becomes a new customer */
            customerId?: string;
            paymentMethods: {
                /** @description The card tokenized on the page: saved as the subscription's card, charged for the first invoice and every renewal */
                card?: {
                    /** @default true */
                    enabled: boolean;
                };
                /** @description A Pix Automático mandate authorized by QR on the page: it pays every invoice (BRL, a cycle the BCB offers) */
                pixAutomatico?: {
                    /** @default true */
                    enabled: boolean;
                };
            } | {
                card: {
                    /** @constant */
                    enabled?: true;
                };
            } | {
                pixAutomatico: {
                    /** @constant */
                    enabled?: true;
                };
            };
            /** @description A prefill of the buyer's fields the page shows */
            customer?: {
                name?: string;
                /** Format: email */
                email?: string;
                /**
                 * Format: cpf-cnpj
                 * @description CPF or CNPJ, with or without punctuation; check digits are verified
                 */
                document?: string;
                phone?: string;
                address?: {
                    street: string;
                    number: string;
                    complement?: string;
                    neighborhood?: string;
                    city: string;
                    state: string;
                    zipCode: string;
                    /** @default BR */
                    country: string;
                };
            };
            /**
             * @default pt-BR
             * @enum {string}
             */
            locale: "pt-BR" | "en-US" | "es-ES";
            branding?: {
                primaryColor?: string;
                /** Format: public-https-url */
                logoUrl?: string;
                merchantName?: string;
                /** @enum {string} */
                mobileLayout?: "single-page" | "step-by-step";
                /** Format: public-https-url */
                faviconUrl?: string;
            };
            customFields?: ({
                key: string;
                label: string | {
                    [key: string]: string;
                };
                /** @enum {string} */
                type: "text" | "select" | "checkbox";
                options?: (string | {
                    value: string;
                    label: string | {
                        [key: string]: string;
                    };
                })[];
                /** @default false */
                required: boolean;
            } | {
                /** @constant */
                type: "select";
            } | {
                /** @enum {unknown} */
                type?: "text" | "checkbox";
                options?: never;
            })[];
            /** Format: http-url */
            successUrl?: string;
            /** Format: http-url */
            cancelUrl?: string;
            /** @description The session's metadata; the subscription gets it too, with checkoutSessionId */
            metadata?: {
                [key: string]: string;
            };
            /** @default 1440 */
            expirationMinutes: number;
        };
        CheckoutSessionList: {
            data: components["schemas"]["CheckoutSession"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        CheckoutPublicSession: {
            id: string;
            /** @enum {string} */
            status: "created" | "opened" | "paying" | "partially_paid" | "paid" | "failed" | "expired" | "canceled";
            linkId: string | null;
            /** @enum {string} */
            locale: "pt-BR" | "en-US" | "es-ES";
            /** @enum {string} */
            mode: "payment" | "subscription";
            /** @description BRL; a subscription session bills in its plan currency */
            currency: string;
            items: {
                name: string;
                description: string | null;
                unitAmount: number;
                quantity: number;
                imageUrl: string | null;
            }[];
            amount: number;
            amountPaid: number;
            amountDue: number;
            /** Format: date-time */
            expiresAt: string;
            branding: {
                primaryColor: string | null;
                logoUrl: string | null;
                faviconUrl: string | null;
                merchantName: string | null;
                /** @enum {string} */
                mobileLayout: "single-page" | "step-by-step";
            };
            paymentMethods: {
                card: {
                    enabled: boolean;
                    maxInstallments: number;
                    multipleCards: boolean;
                    installmentOptions: {
                        installments: number;
                        installmentAmount: number;
                        totalAmount: number;
                        interestFree: boolean;
                    }[];
                };
                pix: {
                    enabled: boolean;
                    expiresIn: number;
                };
                boleto: {
                    enabled: boolean;
                    dueDateDays: number;
                };
                combined: {
                    enabled: boolean;
                    minAmountPerPayment: number;
                    maxPaymentsCount: number;
                };
            };
            requiredFields: ("email" | "document" | "phone" | "address")[];
            customFields: ({
                key: string;
                label: string | {
                    [key: string]: string;
                };
                /** @enum {string} */
                type: "text" | "select" | "checkbox";
                options?: (string | {
                    value: string;
                    label: string | {
                        [key: string]: string;
                    };
                })[];
                /** @default false */
                required: boolean;
            } | {
                /** @constant */
                type: "select";
            } | {
                /** @enum {unknown} */
                type?: "text" | "checkbox";
                options?: never;
            })[];
            customer: {
                name: string | null;
                email: string | null;
                document: string | null;
                phone: string | null;
                address: {
                    street: string | null;
                    number: string | null;
                    complement: string | null;
                    neighborhood: string | null;
                    city: string | null;
                    state: string | null;
                    zipCode: string | null;
                    country: string | null;
                } | null;
            } | null;
            payments: components["schemas"]["CheckoutSessionPayment"][];
            /** @description With {CHECKOUT_SESSION_ID} replaced; null until paid */
            successUrl: string | null;
            cancelUrl: string | null;
            /** @description Public comp_ id, for card tokenization with the SDK */
            companyId: string;
            sdkUrl: string;
            /** @description Subscription mode: the plan offered, and the mandate while it waits for the payer; null in payment mode */
            subscription: components["schemas"]["CheckoutPublicSessionSubscription"];
        };
        CheckoutSessionPayment: {
            id: string;
            /** @enum {string} */
            method: "credit_card" | "pix" | "boleto";
            /** @description Charged, card interest included */
            amount: number;
            /**
             * @description A refused card shows as failed, with its failureCode
             * @enum {string}
             */
            status: "pending" | "waiting_payment" | "paid" | "failed" | "canceled" | "refunded" | "chargeback";
            failureCode: string | null;
            installments: number;
            card: {
                brand: string;
                last4: string;
            } | null;
            pix: {
                copyPaste: string;
                qrCodeUrl: string;
                /** Format: date-time */
                expiresAt: string;
            } | null;
            boleto: {
                digitableLine: string;
                barcode: string;
                url: string;
                dueDate: string;
            } | null;
        };
        CheckoutPublicSessionSubscription: {
            planId: string;
            currency: string;
            recurrence: {
                interval: number;
                unit: string;
            };
            trialDays: number;
            lines: {
                description: string;
                /** @enum {string} */
                kind: "recurring" | "activation";
                quantity: number;
                /** @description Per cycle (recurring) or once (activation); null for metered usage */
                amount: number | null;
            }[];
            /** @description The recurring items of one cycle (metered usage apart) */
            amountPerCycle: number;
            /** @description The first invoice before any coupon; 0 during a trial */
            amountDueNow: number;
            paymentMethods: {
                card: boolean;
                pixAutomatico: boolean;
            };
            subscriptionId: string | null;
            mandate: {
                status: string;
                /** @description Copia e cola of the mandate while pending */
                qrCode: string | null;
                /** @description The mandate's QR code image (PNG) while pending */
                qrCodeUrl: string | null;
            } | null;
        } | null;
        SavedCard: {
            id: string;
            customerId: string;
            brand: string;
            last4: string;
            expMonth: number;
            expYear: number;
            /** Format: date-time */
            createdAt: string;
        };
        Subscription: {
            id: string;
            companyId: string;
            customerId: string;
            planId: string | null;
            /** @enum {string} */
            status: "incomplete" | "trialing" | "active" | "past_due" | "paused" | "canceled" | "ended";
            currency: string;
            /** @enum {string} */
            collectionMethod: "charge_automatically" | "send_invoice";
            defaultPaymentMethodRef: string | null;
            /** @enum {string} */
            invoiceGenerationMode: "just_in_time" | "upfront";
            maxCycles: number | null;
            recurrence: {
                interval: number;
                /** @enum {string} */
                unit: "month" | "year";
                /** @enum {string} */
                anchor: "subscription_start" | "day_of_month" | "end_of_month";
                anchorDay: number | null;
                /** @enum {string} */
                collectionTiming: "prepaid" | "postpaid";
            };
            /** Format: date-time */
            startedAt: string;
            trialEndsAt: string | null;
            cyclesCompleted: number;
            currentPeriodStart: string | null;
            currentPeriodEnd: string | null;
            nextInvoiceAt: string | null;
            cancelAtPeriodEnd: boolean;
            canceledAt: string | null;
            cancellationReason: string | null;
            pausedAt: string | null;
            endedAt: string | null;
            metadata: {
                [key: string]: string;
            };
            lateFees: components["schemas"]["LateFees"] | null;
            /** @description Its live discount (GET /subscriptions/:id): the coupon and the cycles it still covers */
            discount?: components["schemas"]["SubscriptionDiscount"] | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        SubscriptionDiscount: {
            id: string;
            couponId: string;
            code: string | null;
            percentOff: number | null;
            amountOff: number | null;
            currency: string | null;
            /** @enum {string} */
            duration: "once" | "repeating" | "forever";
            firstCycle: number;
            lastCycle: number | null;
            /** @description Invoice cycles it still discounts, from the next invoice (null: every cycle) */
            cyclesLeft: number | null;
        };
        SubscriptionList: {
            data: components["schemas"]["Subscription"][];
            page: number;
            limit: number;
            total: number;
            /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
            hasMore: boolean;
        };
        SubscriptionItem: {
            id: string;
            subscriptionId: string;
            planItemId: string | null;
            priceId: string | null;
            /** @enum {string} */
            kind: "recurring" | "activation";
            description: string;
            quantity: number;
            quantityIncluded: number;
            /** @enum {string} */
            billingScheme: "fixed" | "per_unit" | "tiered" | "package" | "metered";
            amount: number;
            tiers: {
                upTo: number | null;
                unitAmount: number;
            }[] | null;
            packageSize: number | null;
            meterId: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        UsageRecord: {
            id: string;
            subscriptionId: string;
            meterId: string;
            quantity: number;
            /** Format: date-time */
            timestamp: string;
            /** Format: date-time */
            createdAt: string;
        };
        InvoiceList: {
            data: components["schemas"]["Invoice"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        Invoice: {
            id: string;
            companyId: string;
            subscriptionId: string;
            customerId: string;
            cycle: number;
            /** @enum {string} */
            status: "open" | "paid" | "past_due" | "void" | "uncollectible";
            currency: string;
            total: number;
            /** @description Cents a coupon took off (its discount line) */
            discountAmount: number;
            /** @enum {string} */
            collectionMethod: "charge_automatically" | "send_invoice";
            /** Format: date-time */
            periodStart: string;
            /** Format: date-time */
            periodEnd: string;
            /** Format: date-time */
            issuedAt: string;
            /** Format: date-time */
            dueAt: string;
            paidAt: string | null;
            voidedAt: string | null;
            attemptCount: number;
            nextAttemptAt: string | null;
            lastTransactionId: string | null;
            lastFailureCode: string | null;
            amountRefunded: number;
            paymentUrl: string | null;
            checkoutSessionId: string | null;
            bolepix: components["schemas"]["InvoiceBolepix"] | null;
            boleto: components["schemas"]["InvoiceBoleto"] | null;
            pixQrCode: components["schemas"]["InvoicePixQrCode"] | null;
            overpayments: components["schemas"]["InvoiceOverpayment"][];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        InvoiceBolepix: {
            transactionId: string;
            paymentId: string;
            dueDate: string;
            amount: number;
            fine: {
                percent: number;
            } | null;
            interest: {
                monthlyPercent: number;
            } | null;
            discount: {
                until: string;
                percent?: number;
                amount?: number;
            } | null;
        };
        InvoiceBoleto: {
            digitableLine: string;
            formattedLine: string;
            barcode: string;
            url: string;
            pdfUrl: string;
        };
        InvoicePixQrCode: {
            copyPaste: string;
            imageUrl: string;
        };
        InvoiceOverpayment: {
            transactionId: string;
            amount: number;
            at: string;
        };
        InvoiceLineItem: {
            id: string;
            invoiceId: string;
            subscriptionItemId: string | null;
            /** @enum {string} */
            kind: "recurring" | "activation" | "usage" | "discount" | "proration";
            description: string;
            quantity: number;
            amount: number;
            /** Format: date-time */
            periodStart: string;
            /** Format: date-time */
            periodEnd: string;
        };
        PlanChange: {
            id: string;
            subscriptionId: string;
            /** @enum {string} */
            status: "pending" | "applied" | "canceled";
            /** @enum {string} */
            effective: "now" | "cycle_end";
            /** @enum {string} */
            prorationBehavior: "create_prorations" | "none";
            /** @description cycle_end: the first invoice cycle billed with the new items */
            fromCycle: number | null;
            planId: string | null;
            items: {
                planItemId: string | null;
                priceId: string | null;
                /** @enum {string} */
                kind: "recurring" | "activation";
                description: string;
                quantity: number;
                quantityIncluded: number;
                /** @enum {string} */
                billingScheme: "fixed" | "per_unit" | "tiered" | "package" | "metered";
                amount: number;
            }[];
            previous: {
                planId: string | null;
                items: {
                    planItemId: string | null;
                    priceId: string | null;
                    /** @enum {string} */
                    kind: "recurring" | "activation";
                    description: string;
                    quantity: number;
                    quantityIncluded: number;
                    /** @enum {string} */
                    billingScheme: "fixed" | "per_unit" | "tiered" | "package" | "metered";
                    amount: number;
                }[];
            };
            /** @description What the change left for the next invoice (credit negative) */
            prorationLines: {
                /** @constant */
                kind: "proration";
                description: string;
                amount: number;
            }[];
            appliedAt: string | null;
            canceledAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        PlanChangePreview: {
            prorationLines: {
                /** @constant */
                kind: "proration";
                description: string;
                amount: number;
            }[];
            /** @description Their sum: what the change costs now (negative: a credit) */
            prorationAmount: number;
            nextInvoice: {
                cycle: number;
                issuesAt: string | null;
                lines: {
                    kind: string;
                    description: string;
                    quantity: number;
                    amount: number;
                }[];
                discountAmount: number;
                total: number;
            };
        };
        Coupon: {
            id: string;
            code: string | null;
            percentOff: number | null;
            amountOff: number | null;
            currency: string | null;
            /** @enum {string} */
            duration: "once" | "repeating" | "forever";
            durationInCycles: number | null;
            maxRedemptions: number | null;
            timesRedeemed: number;
            redeemBy: string | null;
            /** @description Whether it can be redeemed now (active, not expired, redemptions left) */
            valid: boolean;
            active: boolean;
            metadata: {
                [key: string]: string;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        CouponList: {
            data: components["schemas"]["Coupon"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        Discount: {
            id: string;
            couponId: string;
            subscriptionId: string | null;
            invoiceId: string | null;
            /** @description The first invoice cycle it applies to */
            firstCycle: number;
            /** @description The last one (null: every cycle) */
            lastCycle: number | null;
            endedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            coupon: components["schemas"]["Coupon"];
        };
        StartPixAutomaticoMandate: {
            /**
             * @default qr
             * @enum {string}
             */
            authorization: "qr" | "qr_with_payment" | "request";
            payerAccount?: {
                ispb: string;
                branch?: string | null;
                number: string;
            } | null;
        };
        PixAutomaticoMandate: {
            id: string;
            /** @constant */
            object: "pix_automatico_mandate";
            subscriptionId: string;
            customerId: string;
            /** @enum {string} */
            status: "pending" | "active" | "rejected" | "expired" | "canceled";
            /** @enum {string} */
            journey: "request" | "qr" | "qr_with_payment" | "qr_with_later_payment" | "pending";
            qrCode: string | null;
            location: string | null;
            firstPayment: {
                invoiceId: string;
                transactionId: string;
            } | null;
            closing: {
                code: string | null;
                reason: string | null;
                by: string | null;
            } | null;
            approvedAt: string | null;
            endedAt: string | null;
            createdAt: string;
        };
        DunningSettings: {
            /** @constant */
            object: "dunning_settings";
            retryDays: number[];
            custom: boolean;
        };
        DunningSettingsInput: {
            /** @description Days after the due date of each retry, ascending (at most 8, each 1-60); [] never retries */
            retryDays: number[];
        };
        PortalSession: {
            id: string;
            /** @constant */
            object: "billing_portal.session";
            customerId: string;
            /** @description The hosted portal page: secret, single customer; give it to that customer only */
            url: string;
            returnUrl: string | null;
            locale: ("pt-BR" | "en" | "es") | null;
            features: {
                cancelSubscription: boolean;
            };
            /** Format: date-time */
            expiresAt: string;
            /** Format: date-time */
            createdAt: string;
        };
        Refund: {
            id: string;
            companyId: string;
            transactionId: string;
            paymentId: string;
            /** @description Amount in integer cents */
            amount: number;
            currency: string;
            /** @enum {string} */
            status: "pending" | "approved" | "processing" | "awaiting_bank_details" | "awaiting_confirmation" | "bank_details_received" | "ted_processing" | "invalid_bank_details" | "refunded" | "refused" | "failed";
            reason: string;
            requestedBy: string;
            /** @enum {string} */
            requestedByType: "api" | "admin" | "customer" | "gateway";
            paymentMethod: string | null;
            failureReason: string | null;
            reviewedBy: string | null;
            reviewedAt: string | null;
            refundedAt: string | null;
            /** @description Boleto refunds: when the refund fails if the buyer has not sent valid details */
            bankDetailsDeadline: string | null;
            /** @description Reminders sent so far (refund.awaiting_bank_details again, every 3 days) */
            bankDetailsReminders: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            deletedAt: string | null;
            /** @description Boleto refunds waiting for the buyer’s account: the Lastro page to send the buyer to (its token is the buyer’s credential: only this response carries it, never an event); null otherwise */
            bankDetailsUrl: string | null;
            /** @description Boleto refunds: the account the buyer sent (null before); confirm it with POST /refunds/{id}/confirm-bank-details when the status is awaiting_confirmation */
            bankAccount: components["schemas"]["RefundBankAccount"] | null;
        };
        RefundBankAccount: {
            bankCode: string;
            agency: string;
            /** @description The last 4 characters of the account number (its check digit last) */
            last4: string;
            /** @enum {string} */
            accountType: "checking" | "savings";
            holderName: string;
            /** @description The holder’s CPF/CNPJ, digits only */
            holderDocument: string;
            /** Format: date-time */
            submittedAt: string;
            /** @description Who confirmed the account when the sale recorded no buyer document (`api`, or an operator); null when the holder matched the buyer */
            confirmedBy: string | null;
            confirmedAt: string | null;
        };
        RefundList: {
            data: components["schemas"]["Refund"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        RefundSettings: {
            /** @description Card and Pix refunds go straight to processing (boleto refunds straight to awaiting_bank_details); off: refunds start pending */
            autoApprove: boolean;
        };
        ReceivableList: {
            data: components["schemas"]["Receivable"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        Receivable: {
            id: string;
            recipientId: string;
            transactionId: string;
            paymentId: string;
            /** @description 1-based installment of the payment */
            installment: number;
            currency: string;
            /** @description The recipient’s gross share of this installment */
            amount: number;
            /** @description The recipient’s share of the sale’s processing fee for this installment */
            fee: number;
            /** @description What this installment makes (or made) available to the recipient: amount − fee, less what chargebacks took */
            netAmount: number;
            /**
             * Format: date
             * @description São Paulo date the release run of that day releases it on
             */
            dueDate: string;
            /** @enum {string} */
            status: "waiting_funds" | "anticipated" | "paid" | "suspended";
            anticipationId: string | null;
            /** @description When it was released or anticipated */
            paidAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        AnticipationSimulation: {
            recipientId: string;
            currency: string;
            /**
             * Format: date
             * @description The São Paulo date it is priced on
             */
            on: string;
            /** @description Gross of the receivables taken */
            amount: number;
            /** @description Amount in integer cents */
            fee: number;
            /** @description What the recipient receives as available */
            netAmount: number;
            /** @description Everything the recipient can anticipate today (gross) */
            maxAmount: number;
            requiresApproval: boolean;
            /** @description Send it with POST /anticipations */
            fingerprint: string;
            receivables: {
                id: string;
                /** Format: date */
                dueDate: string;
                days: number;
                /** @description Amount in integer cents */
                amount: number;
                /** @description Amount in integer cents */
                fee: number;
                /** @description Amount in integer cents */
                netAmount: number;
            }[];
        };
        Anticipation: {
            id: string;
            recipientId: string;
            currency: string;
            /** @enum {string} */
            status: "pending_approval" | "completed" | "rejected";
            /** @description Amount in integer cents */
            amount: number;
            /** @description Amount in integer cents */
            fee: number;
            /** @description Amount in integer cents */
            netAmount: number;
            receivablesCount: number;
            fingerprint: string;
            automatic: boolean;
            reason: string | null;
            decidedAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        AnticipationList: {
            data: components["schemas"]["Anticipation"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        AnticipationSettings: {
            recipientId: string;
            enabled: boolean;
            percentage: number;
        };
        DisputeList: {
            data: components["schemas"]["Dispute"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                /** @description Whether items follow this page (in the list's order, or before it with `endingBefore`) */
                hasMore: boolean;
            };
        };
        Dispute: {
            id: string;
            transactionId: string;
            paymentId: string;
            chargebackId: string;
            /** @description Amount in integer cents */
            amount: number;
            currency: string;
            reason: string;
            /** @enum {string} */
            status: "needs_response" | "under_review" | "won" | "lost";
            /**
             * Format: date-time
             * @description Evidence is accepted until then; after it, a dispute without evidence is lost
             */
            dueBy: string;
            evidence: {
                productDescription?: string;
                customerName?: string;
                customerEmail?: string;
                serviceDate?: string;
                shippingTrackingNumber?: string;
                refundPolicy?: string;
                customerCommunication?: string;
                uncategorizedText?: string;
            };
            files: {
                id: string;
                /** @enum {string} */
                purpose: "receipt" | "shipping_documentation" | "customer_communication" | "customer_signature" | "refund_policy" | "other";
                filename: string;
                contentType: string;
                sizeBytes: number;
                sha256: string;
                /** Format: date-time */
                createdAt: string;
            }[];
            submittedAt: string | null;
            resolvedAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        DisputeEvidenceInput: {
            productDescription?: string;
            customerName?: string;
            customerEmail?: string;
            serviceDate?: string;
            shippingTrackingNumber?: string;
            refundPolicy?: string;
            customerCommunication?: string;
            uncategorizedText?: string;
            files?: {
                /**
                 * @default other
                 * @enum {string}
                 */
                purpose: "receipt" | "shipping_documentation" | "customer_communication" | "customer_signature" | "refund_policy" | "other";
                filename: string;
                /** @description The file, base64 (or a base64 data URL): PDF, JPEG or PNG by its content, at most 5 MiB */
                content: string;
            }[];
        };
        SandboxDisputeOutcomeInput: {
            /** @enum {string} */
            outcome: "won" | "lost";
        };
        SandboxDisputeOutcome: {
            id: string;
            /** @enum {string} */
            outcome: "won" | "lost";
            /** @constant */
            status: "deciding";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description This request's id (`req_` and 26 characters, time-ordered), on every response; error bodies repeat it as `error.requestId`. Quote it to support. */
        RequestId: string;
        /** @description Requests per minute allowed for this API key (`RATE_LIMIT_PER_MINUTE`), on every authenticated answer. */
        RateLimitLimit: number;
        /** @description Requests left for this API key in the current one-minute window. */
        RateLimitRemaining: number;
        /** @description `true` when this is the stored answer of an earlier request with the same Idempotency-Key and body (nothing was done again); absent otherwise. */
        IdempotentReplayed: "true";
        /** @description Seconds to wait before retrying (a 429, a 409 `idempotency_in_progress`, a 503). */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        /** @enum {string} */
                        postgres: "ok" | "unreachable";
                        /** @enum {string} */
                        temporal: "ok" | "unreachable";
                    };
                };
            };
            /** @description A dependency is unreachable */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        /** @enum {string} */
                        postgres: "ok" | "unreachable";
                        /** @enum {string} */
                        temporal: "ok" | "unreachable";
                    };
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                name?: string;
                email?: string;
                document?: string;
                documentType?: "cpf" | "cnpj" | "passport";
                phone?: string;
                type?: "individual" | "company";
                /** @description Free text over name, email and document (case-insensitive, partial) */
                q?: string;
                createdFrom?: string;
                createdTo?: string;
                sortBy?: "name" | "createdAt" | "updatedAt";
                sortDir?: "asc" | "desc";
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of customers */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    type: "individual" | "company";
                    document: string;
                    /**
                     * @default cpf
                     * @enum {string}
                     */
                    documentType?: "cpf" | "cnpj" | "passport";
                    phone: string;
                    address?: components["schemas"]["CustomerAddress"] | null;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                } | {
                    /** @constant */
                    documentType?: "cpf";
                    /** Format: cpf */
                    document?: unknown;
                } | {
                    /** @constant */
                    documentType: "cnpj";
                    /** Format: cnpj */
                    document?: unknown;
                } | {
                    /** @constant */
                    documentType: "passport";
                    document?: unknown;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** Format: email */
                    email?: string;
                    /** @enum {string} */
                    type?: "individual" | "company";
                    document?: string;
                    /** @enum {string} */
                    documentType?: "cpf" | "cnpj" | "passport";
                    phone?: string;
                    address?: components["schemas"]["CustomerAddress"] | null;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                } | unknown | {
                    /** @constant */
                    documentType: "cpf";
                    /** Format: cpf */
                    document: unknown;
                } | {
                    /** @constant */
                    documentType: "cnpj";
                    /** Format: cnpj */
                    document: unknown;
                } | {
                    /** @constant */
                    documentType: "passport";
                    document: unknown;
                };
            };
        };
        responses: {
            /** @description The updated customer */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted customer, with deletedAt */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRecipients: {
        parameters: {
            query?: {
                /** @description Exact e-mail (case-insensitive) */
                email?: string;
                /** @description Exact CPF/CNPJ, punctuation ignored */
                document?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of recipients */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecipientList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRecipient: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRecipientInput"];
            };
        };
        responses: {
            /** @description The recipient as the company sees it */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recipient"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOwnerRecipient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The owner, or JSON null when there is none */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecipientOwner"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRecipient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recipient */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recipient"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateRecipient: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateRecipientInput"];
            };
        };
        responses: {
            /** @description The updated recipient */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recipient"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteRecipient: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedRecipient"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRecipientKycLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KycLink"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFees: {
        parameters: {
            query?: {
                /** @description Exactly 3 letters, upper-cased; default the account currency */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fee table */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeeTable"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWalletBalance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The recipient id (rec_…) */
                ownerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Balances */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletBalances"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWalletSummary: {
        parameters: {
            query?: {
                type?: "sale" | "fee" | "platform_fee" | "refund" | "chargeback" | "withdrawal" | "withdrawal_fee" | "withdrawal_reversal" | "adjustment";
                source?: "transaction" | "withdrawal" | "refund" | "chargeback" | "sandbox" | "adjustment";
                currency?: string;
                releaseStatus?: "released" | "pending" | "anticipated" | "suspended";
                startDate?: string;
                endDate?: string;
            };
            header?: never;
            path: {
                /** @description The recipient id (rec_…) */
                ownerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Summary */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletSummary"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWalletTransactions: {
        parameters: {
            query?: {
                type?: "sale" | "fee" | "platform_fee" | "refund" | "chargeback" | "withdrawal" | "withdrawal_fee" | "withdrawal_reversal" | "adjustment";
                source?: "transaction" | "withdrawal" | "refund" | "chargeback" | "sandbox" | "adjustment";
                currency?: string;
                releaseStatus?: "released" | "pending" | "anticipated" | "suspended";
                startDate?: string;
                endDate?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path: {
                /** @description The recipient id (rec_…) */
                ownerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entries */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatementPage"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportWalletStatement: {
        parameters: {
            query?: {
                type?: "sale" | "fee" | "platform_fee" | "refund" | "chargeback" | "withdrawal" | "withdrawal_fee" | "withdrawal_reversal" | "adjustment";
                source?: "transaction" | "withdrawal" | "refund" | "chargeback" | "sandbox" | "adjustment";
                currency?: string;
                releaseStatus?: "released" | "pending" | "anticipated" | "suspended";
                startDate?: string;
                endDate?: string;
            };
            header?: never;
            path: {
                /** @description The recipient id (rec_…) */
                ownerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement, one entry per record */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sandboxLedgerCredit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxLedgerCreditInput"];
            };
        };
        responses: {
            /** @description Credited */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxLedgerCredit"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookListeners: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every event code with its description */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookListeners"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                webhookId?: string;
                eventType?: "transaction.created" | "transaction.waiting_payment" | "transaction.paid" | "transaction.refused" | "transaction.failed" | "transaction.canceled" | "transaction.refunded" | "transaction.chargeback" | "payment.created" | "payment.waiting_payment" | "payment.paid" | "payment.refused" | "payment.failed" | "payment.refunded" | "payment.chargeback" | "customer.created" | "customer.updated" | "recipient.created" | "recipient.updated" | "recipient.approved" | "recipient.refused" | "recipient.deleted" | "withdrawal.requested" | "withdrawal.paid" | "withdrawal.rejected" | "anticipation.requested" | "anticipation.approved" | "anticipation.rejected" | "anticipation.completed" | "transfer.created" | "dispute.created" | "dispute.evidence_submitted" | "dispute.won" | "dispute.lost" | "invoice.issued" | "invoice.payment_attempted" | "invoice.paid" | "invoice.voided" | "invoice.refunded" | "invoice.overpaid" | "invoice.rescheduled" | "subscription.created" | "subscription.activated" | "subscription.canceled" | "subscription.cycle_advanced" | "subscription.paused" | "subscription.resumed" | "subscription.updated" | "subscription.plan_change_scheduled" | "subscription.plan_change_canceled" | "checkout.session.created" | "checkout.session.paid" | "checkout.session.partially_paid" | "checkout.session.expired" | "checkout.session.canceled" | "checkout.session.failed" | "checkout.link.created" | "checkout.link.updated" | "checkout.link.archived";
                status?: "pending" | "retrying" | "success" | "failed";
                /** @description createdAt at or after (ISO 8601 with offset) */
                from?: string;
                /** @description createdAt at or before (ISO 8601 with offset) */
                to?: string;
                sort?: "createdAt.asc" | "createdAt.desc";
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRetryResult"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                isActive?: "true" | "false";
                /** @description Webhooks that receive this event (subscribed to it, or to all) */
                event?: "transaction.created" | "transaction.waiting_payment" | "transaction.paid" | "transaction.refused" | "transaction.failed" | "transaction.canceled" | "transaction.refunded" | "transaction.chargeback" | "payment.created" | "payment.waiting_payment" | "payment.paid" | "payment.refused" | "payment.failed" | "payment.refunded" | "payment.chargeback" | "customer.created" | "customer.updated" | "recipient.created" | "recipient.updated" | "recipient.approved" | "recipient.refused" | "recipient.deleted" | "withdrawal.requested" | "withdrawal.paid" | "withdrawal.rejected" | "anticipation.requested" | "anticipation.approved" | "anticipation.rejected" | "anticipation.completed" | "transfer.created" | "dispute.created" | "dispute.evidence_submitted" | "dispute.won" | "dispute.lost" | "invoice.issued" | "invoice.payment_attempted" | "invoice.paid" | "invoice.voided" | "invoice.refunded" | "invoice.overpaid" | "invoice.rescheduled" | "subscription.created" | "subscription.activated" | "subscription.canceled" | "subscription.cycle_advanced" | "subscription.paused" | "subscription.resumed" | "subscription.updated" | "subscription.plan_change_scheduled" | "subscription.plan_change_canceled" | "checkout.session.created" | "checkout.session.paid" | "checkout.session.partially_paid" | "checkout.session.expired" | "checkout.session.canceled" | "checkout.session.failed" | "checkout.link.created" | "checkout.link.updated" | "checkout.link.archived";
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of webhooks */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * Format: webhook-url
                     * @description Public https URL (http only for WEBHOOK_ALLOWLIST entries)
                     */
                    url: string;
                    /** @description Event codes; empty means every event */
                    events?: ("transaction.created" | "transaction.waiting_payment" | "transaction.paid" | "transaction.refused" | "transaction.failed" | "transaction.canceled" | "transaction.refunded" | "transaction.chargeback" | "payment.created" | "payment.waiting_payment" | "payment.paid" | "payment.refused" | "payment.failed" | "payment.refunded" | "payment.chargeback" | "customer.created" | "customer.updated" | "recipient.created" | "recipient.updated" | "recipient.approved" | "recipient.refused" | "recipient.deleted" | "withdrawal.requested" | "withdrawal.paid" | "withdrawal.rejected" | "anticipation.requested" | "anticipation.approved" | "anticipation.rejected" | "anticipation.completed" | "transfer.created" | "dispute.created" | "dispute.evidence_submitted" | "dispute.won" | "dispute.lost" | "invoice.issued" | "invoice.payment_attempted" | "invoice.paid" | "invoice.voided" | "invoice.refunded" | "invoice.overpaid" | "invoice.rescheduled" | "subscription.created" | "subscription.activated" | "subscription.canceled" | "subscription.cycle_advanced" | "subscription.paused" | "subscription.resumed" | "subscription.updated" | "subscription.plan_change_scheduled" | "subscription.plan_change_canceled" | "checkout.session.created" | "checkout.session.paid" | "checkout.session.partially_paid" | "checkout.session.expired" | "checkout.session.canceled" | "checkout.session.failed" | "checkout.link.created" | "checkout.link.updated" | "checkout.link.archived")[];
                    /** @description Signing secret (min 8 chars). Omit it to get a generated whsec_ secret. */
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /**
                     * Format: webhook-url
                     * @description Public https URL (http only for WEBHOOK_ALLOWLIST entries)
                     */
                    url?: string;
                    /** @description Event codes; empty means every event */
                    events?: ("transaction.created" | "transaction.waiting_payment" | "transaction.paid" | "transaction.refused" | "transaction.failed" | "transaction.canceled" | "transaction.refunded" | "transaction.chargeback" | "payment.created" | "payment.waiting_payment" | "payment.paid" | "payment.refused" | "payment.failed" | "payment.refunded" | "payment.chargeback" | "customer.created" | "customer.updated" | "recipient.created" | "recipient.updated" | "recipient.approved" | "recipient.refused" | "recipient.deleted" | "withdrawal.requested" | "withdrawal.paid" | "withdrawal.rejected" | "anticipation.requested" | "anticipation.approved" | "anticipation.rejected" | "anticipation.completed" | "transfer.created" | "dispute.created" | "dispute.evidence_submitted" | "dispute.won" | "dispute.lost" | "invoice.issued" | "invoice.payment_attempted" | "invoice.paid" | "invoice.voided" | "invoice.refunded" | "invoice.overpaid" | "invoice.rescheduled" | "subscription.created" | "subscription.activated" | "subscription.canceled" | "subscription.cycle_advanced" | "subscription.paused" | "subscription.resumed" | "subscription.updated" | "subscription.plan_change_scheduled" | "subscription.plan_change_canceled" | "checkout.session.created" | "checkout.session.paid" | "checkout.session.partially_paid" | "checkout.session.expired" | "checkout.session.canceled" | "checkout.session.failed" | "checkout.link.created" | "checkout.link.updated" | "checkout.link.archived")[];
                    /** @description Signing secret (min 8 chars). Omit it to get a generated whsec_ secret. */
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description The updated webhook */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted webhook, with deletedAt */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setWebhookStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    isActive: boolean;
                };
            };
        };
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /** @description Comma-separated event codes to receive; every code when left out */
                events?: string;
                /** @description Seconds until the stream ends (300 by default); reconnect with Last-Event-ID to go on */
                timeout?: number;
                /** @description Resume after this event id (the Last-Event-ID header, which wins when both are sent) */
                lastEventId?: string;
                /** @description When resuming: the `since` of the first stream's ready event, so nothing from before the session is replayed */
                since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-Sent Events until `timeout` */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": unknown;
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCardToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCardToken"];
            };
        };
        responses: {
            /** @description The card token */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardToken"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The processor did not answer (`processor_unavailable`): retry with the same Idempotency-Key, see Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWithdrawalRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company’s withdrawal rules (off by default) */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalRules"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setWithdrawalRules: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Off: every withdrawal waits for an operator */
                    autoApprove: boolean;
                    /** @description Largest gross amount (cents) approved automatically */
                    perWithdrawalLimit: number;
                    /** @description Largest sum (cents) of one recipient’s automatically approved withdrawals per São Paulo day, the new one included */
                    dailyLimit: number;
                    /** @description Whole days the recipient must have been KYC-approved (active) */
                    minimumKycDays: number;
                };
            };
        };
        responses: {
            /** @description The rules now in force */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalRules"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWithdrawalConfig: {
        parameters: {
            query?: {
                /** @description Exactly 3 letters, upper-cased; default the account currency */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The withdrawal configuration */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalConfig"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWithdrawals: {
        parameters: {
            query?: {
                status?: "requested" | "approved" | "processing" | "paid" | "rejected" | "cancelled" | "failed";
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of withdrawals */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWithdrawal: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description rec_ id of an active recipient linked to the company */
                    recipientId: string;
                    /** @description Gross amount in integer cents (>= 1; also >= minimumAmount of GET /withdrawals/config) */
                    amount: number;
                    currency?: string;
                };
            };
        };
        responses: {
            /** @description Requested */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Withdrawal"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The withdrawal */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Withdrawal"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelWithdrawal: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why; kept in statusHistory */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Cancelled */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Withdrawal"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTransfers: {
        parameters: {
            query?: {
                fromRecipientId?: string;
                toRecipientId?: string;
                currency?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transfers */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransferList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTransfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description rec_ id of the active recipient whose withdrawable balance pays */
                    fromRecipientId: string;
                    /** @description rec_ id of the active recipient credited; not fromRecipientId */
                    toRecipientId: string;
                    /** @description Integer cents (>= 1), at most the sender’s withdrawable balance */
                    amount: number;
                    currency?: string;
                    /** @description Shown on the transfer (not in the statements, which describe it themselves) */
                    description?: string;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Transferred */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transfer"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transfer */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transfer"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPayoutSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutSchedule"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setPayoutSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayoutScheduleInput"];
            };
        };
        responses: {
            /** @description The schedule now in force */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutSchedule"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                status?: "pending" | "waiting_payment" | "paid" | "refused" | "failed" | "canceled" | "chargeback" | "refunded" | "partially_refunded";
                referenceCode?: string;
                customerId?: string;
                createdFrom?: string;
                createdTo?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transactions, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTransaction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    referenceCode: string;
                    customerId?: string;
                    items: {
                        description: string;
                        quantity: number;
                        /** @description Unit price in integer cents; the line is quantity × amount */
                        amount: number;
                    }[];
                    payments: ({
                        /** @enum {string} */
                        paymentMethod: "credit_card" | "pix" | "boleto";
                        /** @description Amount in integer cents */
                        amount: number;
                        creditCard?: {
                            /** @description tokenId from POST /v1/tokens/cards (single use) */
                            token: string;
                            /** @default 1 */
                            installments?: number;
                            /**
                             * @description Authorize and capture at once (the only mode offered)
                             * @default true
                             * @constant
                             */
                            capture?: true;
                        };
                        pix?: {
                            /** @default 3600 */
                            expiresIn?: number;
                        };
                        boleto?: {
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             */
                            dueDate?: string;
                            /** @description The boleto's payer (pagador), printed on it and registered with the issuer; defaults to the transaction's customer. Neither: 422 boleto_payer_required */
                            payer?: {
                                name: string;
                                /**
                                 * Format: cpf-cnpj
                                 * @description CPF or CNPJ, with or without punctuation; check digits are verified (422 boleto_payer_invalid)
                                 */
                                document: string;
                                address?: components["schemas"]["CustomerAddress"] | null;
                            };
                            instructions?: string;
                            /** @description Days after the due date the boleto can still be paid (with fine and interest); 0 (the default): not after it */
                            payableDaysAfterDue?: number;
                            fine?: {
                                /** @description Of the amount, once, from the day after the due date (at most 2%, the consumer code's cap) */
                                percent?: number;
                                /** @description Amount in integer cents */
                                amount?: number;
                            } & (unknown | unknown);
                            interest?: {
                                /** @description Per month, charged per calendar day late (a 30-day month) */
                                monthlyPercent?: number;
                                /** @description Amount in integer cents */
                                dailyAmount?: number;
                            } & (unknown | unknown);
                            discount?: {
                                /**
                                 * Format: date
                                 * @description The last day of the discount, on or before the due date
                                 */
                                until: string;
                                percent?: number;
                                /** @description Amount in integer cents */
                                amount?: number;
                            } & (unknown | unknown);
                        };
                    } & ({
                        /** @constant */
                        paymentMethod?: "credit_card";
                        pix?: never;
                        boleto?: never;
                    } | {
                        /** @constant */
                        paymentMethod?: "pix";
                        amount?: unknown;
                        creditCard?: never;
                        boleto?: never;
                    } | {
                        /** @constant */
                        paymentMethod?: "boleto";
                        amount?: unknown;
                        creditCard?: never;
                        pix?: never;
                    }))[];
                    splits?: ({
                        recipientId: string;
                        /**
                         * @default sale
                         * @enum {string}
                         */
                        type?: "sale" | "interest" | "platform_fee";
                        /** @description Amount in integer cents */
                        amount?: number;
                        percentage?: number;
                        /** @default true */
                        liable?: boolean;
                        /** @default true */
                        chargeProcessingFee?: boolean;
                    } & (unknown | unknown))[];
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A boleto without a payer it can be registered with (`boleto_payer_required`, `boleto_payer_invalid`) */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The processor refused the request (`processor_rejected`): the operator checks the company's connection */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The processor did not answer (`processor_unavailable`): retry with the same Idempotency-Key, see Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTransactionTimeline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The timeline */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionTimeline"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelTransaction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancellation accepted; the transaction as it is now */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sandboxPayPayment: {
        parameters: {
            query?: {
                /** @description A boleto: pay it at its issuer (default) or by its bolepix Pix charge */
                via?: "boleto" | "pix";
            };
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                payId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Payment accepted; the payment as it is now */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The processor did not answer (`processor_unavailable`): retry with the same Idempotency-Key, see Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sandboxChargebackPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                payId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Cents; default: the payment's paid amount not yet charged back or refunded */
                    amount?: number;
                    /** @description The dispute reason code, shown as statusReason (default `chargeback`) */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Chargeback accepted */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxChargeback"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The processor did not answer (`processor_unavailable`): retry with the same Idempotency-Key, see Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPlans: {
        parameters: {
            query?: {
                /** @description Comma-separated statuses */
                status?: string;
                /** @description Quick search: code or name, partial, case-insensitive */
                q?: string;
                code?: string;
                name?: string;
                /** @description Partial match on component names */
                item?: string;
                /** @description Cents; some current price >= this */
                priceMin?: number;
                /** @description Cents; some current price <= this */
                priceMax?: number;
                /** @description Inclusive; ISO date-time with offset or YYYY-MM-DD (UTC day) */
                createdFrom?: string;
                /** @description Inclusive; ISO date-time with offset or YYYY-MM-DD (the whole UTC day) */
                createdTo?: string;
                sortBy?: "createdAt" | "name";
                sortDir?: "asc" | "desc";
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of plans */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    name: string;
                    description?: string | null;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description send_invoice: the fine, interest and discount of its subscriptions' invoice bolepix */
                    lateFees?: components["schemas"]["LateFees"];
                };
            };
        };
        responses: {
            /** @description The plan, in draft */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                    lateFees?: components["schemas"]["LateFees"] | null;
                };
            };
        };
        responses: {
            /** @description The plan */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishPlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active plan */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    archivePlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived plan */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlanTemplate: {
        parameters: {
            query?: {
                currency?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan template */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanTemplate"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPlanItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Components */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanItem"][];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPlanItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                    /**
                     * @default recurring
                     * @enum {string}
                     */
                    kind?: "recurring" | "activation";
                    name: string;
                    /** @default 1 */
                    quantityDefault?: number;
                    /** @default 0 */
                    quantityIncluded?: number;
                    /** @default false */
                    optional?: boolean;
                    /** @default 0 */
                    displayOrder?: number;
                    description?: string | null;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description The component */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanItem"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    archivePlanItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                itemId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived component */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanItem"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePlanItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    quantityDefault?: number;
                    quantityIncluded?: number;
                    optional?: boolean;
                    displayOrder?: number;
                    description?: string | null;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                    key?: unknown;
                    kind?: unknown;
                };
            };
        };
        responses: {
            /** @description The component */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanItem"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPlanPrices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Price versions */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Price"][];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPlanPrice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    planItemId?: string;
                    planItemKey?: string;
                    /**
                     * @default fixed
                     * @enum {string}
                     */
                    billingScheme?: "fixed" | "per_unit" | "tiered" | "package" | "metered";
                    money: components["schemas"]["Money"];
                    recurrence: components["schemas"]["Recurrence"];
                    tiers?: {
                        upTo: number | null;
                        /** @description Amount in integer cents */
                        unitAmount: number;
                    }[] | null;
                    packageSize?: number | null;
                    meterId?: string | null;
                    trialSpec?: components["schemas"]["TrialSpec"] | null;
                } | {
                    /** @enum {unknown} */
                    billingScheme?: "fixed" | "per_unit";
                    tiers?: null;
                    packageSize?: null;
                    meterId?: null;
                } | {
                    tiers: unknown[];
                    packageSize?: null;
                    meterId?: null;
                    /** @constant */
                    billingScheme: "tiered";
                } | {
                    tiers?: null;
                    packageSize: number;
                    meterId?: null;
                    /** @constant */
                    billingScheme: "package";
                } | {
                    tiers?: null;
                    packageSize?: null;
                    meterId: string;
                    /** @constant */
                    billingScheme: "metered";
                };
            };
        };
        responses: {
            /** @description The price */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Price"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    archivePlanPrice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                priceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived price */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Price"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPlanCharge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    item: {
                        key: string;
                        /**
                         * @default recurring
                         * @enum {string}
                         */
                        kind?: "recurring" | "activation";
                        name: string;
                        /** @default 1 */
                        quantityDefault?: number;
                        /** @default 0 */
                        quantityIncluded?: number;
                        /** @default false */
                        optional?: boolean;
                        /** @default 0 */
                        displayOrder?: number;
                        description?: string | null;
                        /** @description String-to-string map, at most 50 keys */
                        metadata?: {
                            [key: string]: string;
                        };
                    };
                    price: {
                        /**
                         * @default fixed
                         * @enum {string}
                         */
                        billingScheme?: "fixed" | "per_unit" | "tiered" | "package" | "metered";
                        money: components["schemas"]["Money"];
                        recurrence: components["schemas"]["Recurrence"];
                        tiers?: {
                            upTo: number | null;
                            /** @description Amount in integer cents */
                            unitAmount: number;
                        }[] | null;
                        packageSize?: number | null;
                        meterId?: string | null;
                        trialSpec?: components["schemas"]["TrialSpec"] | null;
                    } | {
                        /** @enum {unknown} */
                        billingScheme?: "fixed" | "per_unit";
                        tiers?: null;
                        packageSize?: null;
                        meterId?: null;
                    } | {
                        tiers: unknown[];
                        packageSize?: null;
                        meterId?: null;
                        /** @constant */
                        billingScheme: "tiered";
                    } | {
                        tiers?: null;
                        packageSize: number;
                        meterId?: null;
                        /** @constant */
                        billingScheme: "package";
                    } | {
                        tiers?: null;
                        packageSize?: null;
                        meterId: string;
                        /** @constant */
                        billingScheme: "metered";
                    };
                };
            };
        };
        responses: {
            /** @description The component and its price */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanCharge"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCheckoutLinks: {
        parameters: {
            query?: {
                /** @description CSV of active, archived; default both */
                status?: string;
                /** @description Partial, case-insensitive match on name or description */
                search?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of links: data, total, page, limit */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutLinkList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCheckoutLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    description?: string | null;
                    slug?: string | null;
                    /**
                     * @default payment
                     * @constant
                     */
                    mode?: "payment";
                    currency?: string;
                    /**
                     * @default pt-BR
                     * @enum {string}
                     */
                    locale?: "pt-BR" | "en-US" | "es-ES";
                    items: {
                        name: string;
                        description?: string;
                        /** Format: public-https-url */
                        imageUrl?: string;
                        /** @description Integer >= 1 */
                        quantity: number;
                        /** @description Integer cents >= 1 */
                        unitAmount: number;
                        /** @description String-to-string map, at most 50 keys */
                        metadata?: {
                            [key: string]: string;
                        };
                    }[];
                    paymentMethods: {
                        card?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default false */
                            multipleCards?: boolean;
                            /**
                             * @default {
                             *       "maxInstallments": 1,
                             *       "freeInstallments": 0,
                             *       "interestRate": 0,
                             *       "interestType": "compound"
                             *     }
                             */
                            installments?: {
                                maxInstallments: number;
                                /** @default 0 */
                                freeInstallments?: number;
                                /**
                                 * @description Monthly percent, decimals allowed
                                 * @default 0
                                 */
                                interestRate?: number;
                                /**
                                 * @default compound
                                 * @enum {string}
                                 */
                                interestType?: "simple" | "compound";
                            };
                        };
                        pix?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default 3600 */
                            expiresIn?: number;
                        };
                        boleto?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default 3 */
                            dueDateDays?: number;
                        };
                        combined?: {
                            enabled: boolean;
                            /**
                             * @description Amount in integer cents
                             * @default 1
                             */
                            minAmountPerPayment?: number;
                            /** @default 4 */
                            maxPaymentsCount?: number;
                        };
                    } | {
                        card: {
                            /** @constant */
                            enabled?: true;
                        };
                    } | {
                        pix: {
                            /** @constant */
                            enabled?: true;
                        };
                    } | {
                        boleto: {
                            /** @constant */
                            enabled?: true;
                        };
                    };
                    splits?: {
                        recipientId: string;
                        percentage: number;
                        /** @default true */
                        liable?: boolean;
                    }[];
                    branding?: {
                        primaryColor?: string;
                        /** Format: public-https-url */
                        logoUrl?: string;
                        merchantName?: string;
                        /** @enum {string} */
                        mobileLayout?: "single-page" | "step-by-step";
                        /** Format: public-https-url */
                        faviconUrl?: string;
                    } | null;
                    requiredFields?: ("email" | "document" | "phone" | "address")[];
                    customFields?: ({
                        key: string;
                        label: string | {
                            [key: string]: string;
                        };
                        /** @enum {string} */
                        type: "text" | "select" | "checkbox";
                        options?: (string | {
                            value: string;
                            label: string | {
                                [key: string]: string;
                            };
                        })[];
                        /** @default false */
                        required?: boolean;
                    } | {
                        /** @constant */
                        type: "select";
                    } | {
                        /** @enum {unknown} */
                        type?: "text" | "checkbox";
                        options?: never;
                    })[];
                    successUrl?: string | null;
                    cancelUrl?: string | null;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @default 1440 */
                    expirationMinutes?: number;
                };
            };
        };
        responses: {
            /** @description The link, version 0, with its public url */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutLink"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCheckoutLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutLink"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCheckoutLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    description?: string | null;
                    slug?: string | null;
                    /** @constant */
                    mode?: "payment";
                    currency?: string;
                    /** @enum {string} */
                    locale?: "pt-BR" | "en-US" | "es-ES";
                    items?: {
                        name: string;
                        description?: string;
                        /** Format: public-https-url */
                        imageUrl?: string;
                        /** @description Integer >= 1 */
                        quantity: number;
                        /** @description Integer cents >= 1 */
                        unitAmount: number;
                        /** @description String-to-string map, at most 50 keys */
                        metadata?: {
                            [key: string]: string;
                        };
                    }[];
                    paymentMethods?: {
                        card?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default false */
                            multipleCards?: boolean;
                            /**
                             * @default {
                             *       "maxInstallments": 1,
                             *       "freeInstallments": 0,
                             *       "interestRate": 0,
                             *       "interestType": "compound"
                             *     }
                             */
                            installments?: {
                                maxInstallments: number;
                                /** @default 0 */
                                freeInstallments?: number;
                                /**
                                 * @description Monthly percent, decimals allowed
                                 * @default 0
                                 */
                                interestRate?: number;
                                /**
                                 * @default compound
                                 * @enum {string}
                                 */
                                interestType?: "simple" | "compound";
                            };
                        };
                        pix?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default 3600 */
                            expiresIn?: number;
                        };
                        boleto?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default 3 */
                            dueDateDays?: number;
                        };
                        combined?: {
                            enabled: boolean;
                            /**
                             * @description Amount in integer cents
                             * @default 1
                             */
                            minAmountPerPayment?: number;
                            /** @default 4 */
                            maxPaymentsCount?: number;
                        };
                    } | {
                        card: {
                            /** @constant */
                            enabled?: true;
                        };
                    } | {
                        pix: {
                            /** @constant */
                            enabled?: true;
                        };
                    } | {
                        boleto: {
                            /** @constant */
                            enabled?: true;
                        };
                    };
                    splits?: {
                        recipientId: string;
                        percentage: number;
                        /** @default true */
                        liable?: boolean;
                    }[];
                    branding?: {
                        primaryColor?: string;
                        /** Format: public-https-url */
                        logoUrl?: string;
                        merchantName?: string;
                        /** @enum {string} */
                        mobileLayout?: "single-page" | "step-by-step";
                        /** Format: public-https-url */
                        faviconUrl?: string;
                    } | null;
                    requiredFields?: ("email" | "document" | "phone" | "address")[];
                    customFields?: ({
                        key: string;
                        label: string | {
                            [key: string]: string;
                        };
                        /** @enum {string} */
                        type: "text" | "select" | "checkbox";
                        options?: (string | {
                            value: string;
                            label: string | {
                                [key: string]: string;
                            };
                        })[];
                        /** @default false */
                        required?: boolean;
                    } | {
                        /** @constant */
                        type: "select";
                    } | {
                        /** @enum {unknown} */
                        type?: "text" | "checkbox";
                        options?: never;
                    })[];
                    successUrl?: string | null;
                    cancelUrl?: string | null;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                    expirationMinutes?: number;
                };
            };
        };
        responses: {
            /** @description The updated link */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutLink"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    archiveCheckoutLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived link */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutLink"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCheckoutCharges: {
        parameters: {
            query?: {
                /** @description CSV of created, opened, paying, partially_paid, paid, failed, expired, canceled; default all */
                status?: string;
                /** @description A session id (exact), or part of the customer name, email or document */
                search?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sessions: data, pagination */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSessionList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCheckoutCharge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default payment
                     * @constant
                     */
                    mode?: "payment";
                    currency?: string;
                    /**
                     * @default pt-BR
                     * @enum {string}
                     */
                    locale?: "pt-BR" | "en-US" | "es-ES";
                    items: {
                        name: string;
                        description?: string;
                        /** Format: public-https-url */
                        imageUrl?: string;
                        /** @description Integer >= 1 */
                        quantity: number;
                        /** @description Integer cents >= 1 */
                        unitAmount: number;
                        /** @description String-to-string map, at most 50 keys */
                        metadata?: {
                            [key: string]: string;
                        };
                    }[];
                    paymentMethods: {
                        card?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default false */
                            multipleCards?: boolean;
                            /**
                             * @default {
                             *       "maxInstallments": 1,
                             *       "freeInstallments": 0,
                             *       "interestRate": 0,
                             *       "interestType": "compound"
                             *     }
                             */
                            installments?: {
                                maxInstallments: number;
                                /** @default 0 */
                                freeInstallments?: number;
                                /**
                                 * @description Monthly percent, decimals allowed
                                 * @default 0
                                 */
                                interestRate?: number;
                                /**
                                 * @default compound
                                 * @enum {string}
                                 */
                                interestType?: "simple" | "compound";
                            };
                        };
                        pix?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default 3600 */
                            expiresIn?: number;
                        };
                        boleto?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default 3 */
                            dueDateDays?: number;
                        };
                        combined?: {
                            enabled: boolean;
                            /**
                             * @description Amount in integer cents
                             * @default 1
                             */
                            minAmountPerPayment?: number;
                            /** @default 4 */
                            maxPaymentsCount?: number;
                        };
                    } | {
                        card: {
                            /** @constant */
                            enabled?: true;
                        };
                    } | {
                        pix: {
                            /** @constant */
                            enabled?: true;
                        };
                    } | {
                        boleto: {
                            /** @constant */
                            enabled?: true;
                        };
                    };
                    splits?: {
                        recipientId: string;
                        percentage: number;
                        /** @default true */
                        liable?: boolean;
                    }[];
                    branding?: {
                        primaryColor?: string;
                        /** Format: public-https-url */
                        logoUrl?: string;
                        merchantName?: string;
                        /** @enum {string} */
                        mobileLayout?: "single-page" | "step-by-step";
                        /** Format: public-https-url */
                        faviconUrl?: string;
                    };
                    requiredFields?: ("email" | "document" | "phone" | "address")[];
                    customFields?: ({
                        key: string;
                        label: string | {
                            [key: string]: string;
                        };
                        /** @enum {string} */
                        type: "text" | "select" | "checkbox";
                        options?: (string | {
                            value: string;
                            label: string | {
                                [key: string]: string;
                            };
                        })[];
                        /** @default false */
                        required?: boolean;
                    } | {
                        /** @constant */
                        type: "select";
                    } | {
                        /** @enum {unknown} */
                        type?: "text" | "checkbox";
                        options?: never;
                    })[];
                    /** Format: http-url */
                    successUrl?: string;
                    /** Format: http-url */
                    cancelUrl?: string;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @default 1440 */
                    expirationMinutes?: number;
                    customer?: {
                        name?: string;
                        /** Format: email */
                        email?: string;
                        /**
                         * Format: cpf-cnpj
                         * @description CPF or CNPJ, with or without punctuation; check digits are verified
                         */
                        document?: string;
                        phone?: string;
                        address?: {
                            street: string;
                            number: string;
                            complement?: string;
                            neighborhood?: string;
                            city: string;
                            state: string;
                            zipCode: string;
                            /** @default BR */
                            country?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description The session, status created, with its url */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSession"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCheckoutSessions: {
        parameters: {
            query?: {
                /** @description CSV of created, opened, paying, partially_paid, paid, failed, expired, canceled; default all */
                status?: string;
                /** @description A session id (exact), or part of the customer name, email or document */
                search?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
                /** @description Only the sessions of this link */
                linkId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sessions: data, pagination */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSessionList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCheckoutSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    mode: "payment";
                    currency?: string;
                    /**
                     * @default pt-BR
                     * @enum {string}
                     */
                    locale?: "pt-BR" | "en-US" | "es-ES";
                    items: {
                        name: string;
                        description?: string;
                        /** Format: public-https-url */
                        imageUrl?: string;
                        /** @description Integer >= 1 */
                        quantity: number;
                        /** @description Integer cents >= 1 */
                        unitAmount: number;
                        /** @description String-to-string map, at most 50 keys */
                        metadata?: {
                            [key: string]: string;
                        };
                    }[];
                    paymentMethods: {
                        card?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default false */
                            multipleCards?: boolean;
                            /**
                             * @default {
                             *       "maxInstallments": 1,
                             *       "freeInstallments": 0,
                             *       "interestRate": 0,
                             *       "interestType": "compound"
                             *     }
                             */
                            installments?: {
                                maxInstallments: number;
                                /** @default 0 */
                                freeInstallments?: number;
                                /**
                                 * @description Monthly percent, decimals allowed
                                 * @default 0
                                 */
                                interestRate?: number;
                                /**
                                 * @default compound
                                 * @enum {string}
                                 */
                                interestType?: "simple" | "compound";
                            };
                        };
                        pix?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default 3600 */
                            expiresIn?: number;
                        };
                        boleto?: {
                            /** @default true */
                            enabled?: boolean;
                            /** @default 3 */
                            dueDateDays?: number;
                        };
                        combined?: {
                            enabled: boolean;
                            /**
                             * @description Amount in integer cents
                             * @default 1
                             */
                            minAmountPerPayment?: number;
                            /** @default 4 */
                            maxPaymentsCount?: number;
                        };
                    } | {
                        card: {
                            /** @constant */
                            enabled?: true;
                        };
                    } | {
                        pix: {
                            /** @constant */
                            enabled?: true;
                        };
                    } | {
                        boleto: {
                            /** @constant */
                            enabled?: true;
                        };
                    };
                    splits?: {
                        recipientId: string;
                        percentage: number;
                        /** @default true */
                        liable?: boolean;
                    }[];
                    branding?: {
                        primaryColor?: string;
                        /** Format: public-https-url */
                        logoUrl?: string;
                        merchantName?: string;
                        /** @enum {string} */
                        mobileLayout?: "single-page" | "step-by-step";
                        /** Format: public-https-url */
                        faviconUrl?: string;
                    };
                    requiredFields?: ("email" | "document" | "phone" | "address")[];
                    customFields?: ({
                        key: string;
                        label: string | {
                            [key: string]: string;
                        };
                        /** @enum {string} */
                        type: "text" | "select" | "checkbox";
                        options?: (string | {
                            value: string;
                            label: string | {
                                [key: string]: string;
                            };
                        })[];
                        /** @default false */
                        required?: boolean;
                    } | {
                        /** @constant */
                        type: "select";
                    } | {
                        /** @enum {unknown} */
                        type?: "text" | "checkbox";
                        options?: never;
                    })[];
                    /** Format: http-url */
                    successUrl?: string;
                    /** Format: http-url */
                    cancelUrl?: string;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @default 1440 */
                    expirationMinutes?: number;
                    customer?: {
                        name?: string;
                        /** Format: email */
                        email?: string;
                        /**
                         * Format: cpf-cnpj
                         * @description CPF or CNPJ, with or without punctuation; check digits are verified
                         */
                        document?: string;
                        phone?: string;
                        address?: {
                            street: string;
                            number: string;
                            complement?: string;
                            neighborhood?: string;
                            city: string;
                            state: string;
                            zipCode: string;
                            /** @default BR */
                            country?: string;
                        };
                    };
                } | components["schemas"]["CreateSubscriptionCheckoutSession"];
            };
        };
        responses: {
            /** @description The session, status created, with its url */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSession"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCheckoutCharge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSession"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCheckoutSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSession"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelCheckoutCharge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The canceled session */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSession"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublicCheckoutSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session as the buyer sees it */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutPublicSession"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openPublicCheckoutSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session as the buyer sees it */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutPublicSession"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmPublicCheckoutSession: {
        parameters: {
            query?: never;
            header: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customer: {
                        name: string;
                        /** Format: email */
                        email?: string;
                        /**
                         * Format: cpf-cnpj
                         * @description CPF or CNPJ, with or without punctuation; check digits are verified
                         */
                        document?: string;
                        phone?: string;
                        address?: {
                            street: string;
                            number: string;
                            complement?: string;
                            neighborhood?: string;
                            city: string;
                            state: string;
                            zipCode: string;
                            /** @default BR */
                            country?: string;
                        };
                    };
                    customFields?: {
                        [key: string]: string | boolean;
                    };
                    /** @description Payment mode (required there) */
                    payments?: ({
                        /** @constant */
                        method: "credit_card";
                        /** @description tokenId from the SDK (single use) */
                        cardToken: string;
                        /** @default 1 */
                        installments?: number;
                        /** @description Amount in integer cents */
                        amount?: number;
                    } | {
                        /** @constant */
                        method: "pix";
                        /** @description Amount in integer cents */
                        amount?: number;
                    } | {
                        /** @constant */
                        method: "boleto";
                        /** @description Amount in integer cents */
                        amount?: number;
                    })[];
                    /** @description Subscription mode (required there): the card that pays every invoice, or a Pix Automático mandate */
                    paymentMethod?: {
                        /** @constant */
                        method: "credit_card";
                        /** @description tokenId from the SDK (single use); the card is saved for the renewals */
                        cardToken: string;
                    } | {
                        /** @constant */
                        method: "pix_automatico";
                    };
                };
            };
        };
        responses: {
            /** @description The session after the attempt */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutPublicSession"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A boleto without a payer it can be registered with (`boleto_payer_required`, `boleto_payer_invalid`) */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    saveCard: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customerId: string;
                    /** @description A single-use card token (tokenId from POST /v1/tokens/cards) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The saved card */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedCard"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSubscriptions: {
        parameters: {
            query?: {
                status?: "incomplete" | "trialing" | "active" | "past_due" | "paused" | "canceled" | "ended";
                /** @description Customer id (cust_…) */
                customerId?: string;
                /** @description Plan id (plan_…) */
                planId?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customerId: string;
                    planId?: string;
                    items?: {
                        planItemId?: string;
                        planItemKey?: string;
                        description?: string;
                        /** @description Amount in integer cents */
                        unitAmount?: number;
                        quantity?: number;
                    }[];
                    currency?: string;
                    recurrence?: components["schemas"]["Recurrence"];
                    /**
                     * @default charge_automatically
                     * @enum {string}
                     */
                    collectionMethod?: "charge_automatically" | "send_invoice";
                    /** @description A saved card (crd_…) of the customer: POST /payment-methods/cards */
                    defaultPaymentMethodRef?: string;
                    /**
                     * @default just_in_time
                     * @enum {string}
                     */
                    invoiceGenerationMode?: "just_in_time" | "upfront";
                    maxCycles?: number;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description send_invoice: the fine, interest and discount of the invoices' bolepix (replaces the plan's) */
                    lateFees?: components["schemas"]["LateFees"];
                    /** @description A coupon (cpn_…) discounting its invoices from the first (POST /coupons) */
                    couponId?: string;
                } & (({
                    recurrence?: never;
                    items?: unknown;
                } | {
                    planId?: never;
                    items: unknown;
                }) & ({
                    /** @constant */
                    invoiceGenerationMode?: "just_in_time";
                } | unknown));
            };
        };
        responses: {
            /** @description The subscription */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSubscriptionItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Items */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionItem"][];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default immediately
                     * @enum {string}
                     */
                    mode?: "immediately" | "at_period_end";
                };
            };
        };
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uncancelSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pauseSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resumeSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    attachSubscriptionPaymentMethod: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    defaultPaymentMethodRef: string;
                };
            };
        };
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportSubscriptionUsage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    meterId: string;
                    quantity: number;
                    /**
                     * Format: date-time
                     * @description When the usage happened (default: now); billed on the invoice of the period it falls in
                     */
                    timestamp?: string;
                };
            };
        };
        responses: {
            /** @description The usage record */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageRecord"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                status?: "open" | "paid" | "past_due" | "void" | "uncollectible";
                /** @description Subscription id (sub_…) */
                subscriptionId?: string;
                /** @description Customer id (cust_…) */
                customerId?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invoices */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvoiceLineItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Line items */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceLineItem"][];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    advanceSandboxSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription; its workflow runs the next cycle now */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    paySandboxInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSubscriptionPlanChanges: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its changes */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanChange"][];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeSubscriptionPlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Move to this (active) plan: its required components plus the items named */
                    planId?: string;
                    /** @description Components to set (quantity, price) or add; without planId, of the current plan */
                    items?: ({
                        planItemId?: string;
                        planItemKey?: string;
                        /** @description A price of this component in the subscription’s currency and cadence (default: its current one) */
                        priceId?: string;
                        quantity?: number;
                    } & (unknown | unknown))[];
                    /**
                     * @description now: the items change at once; cycle_end: when the next cycle’s invoice is issued
                     * @default now
                     * @enum {string}
                     */
                    effective?: "now" | "cycle_end";
                    /**
                     * @description now only: the proration lines go on the next invoice (create_prorations) or none are made
                     * @default create_prorations
                     * @enum {string}
                     */
                    prorationBehavior?: "create_prorations" | "none";
                } | unknown | {
                    items: unknown;
                };
            };
        };
        responses: {
            /** @description The change (applied, or pending until the cycle ends) */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanChange"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewSubscriptionPlanChange: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Move to this (active) plan: its required components plus the items named */
                    planId?: string;
                    /** @description Components to set (quantity, price) or add; without planId, of the current plan */
                    items?: ({
                        planItemId?: string;
                        planItemKey?: string;
                        /** @description A price of this component in the subscription’s currency and cadence (default: its current one) */
                        priceId?: string;
                        quantity?: number;
                    } & (unknown | unknown))[];
                    /**
                     * @description now: the items change at once; cycle_end: when the next cycle’s invoice is issued
                     * @default now
                     * @enum {string}
                     */
                    effective?: "now" | "cycle_end";
                    /**
                     * @description now only: the proration lines go on the next invoice (create_prorations) or none are made
                     * @default create_prorations
                     * @enum {string}
                     */
                    prorationBehavior?: "create_prorations" | "none";
                } | unknown | {
                    items: unknown;
                };
            };
        };
        responses: {
            /** @description The preview */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanChangePreview"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelSubscriptionPlanChange: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                changeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The canceled change */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanChange"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCoupons: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of coupons */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouponList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per company; the invoices name the coupon by it */
                    code?: string;
                    percentOff?: number;
                    /** @description Amount in integer cents */
                    amountOff?: number;
                    currency?: string;
                    /** @enum {string} */
                    duration: "once" | "repeating" | "forever";
                    /** @description With duration repeating: the number of invoice cycles discounted */
                    durationInCycles?: number;
                    maxRedemptions?: number;
                    /**
                     * Format: date-time
                     * @description No redemption from this instant on
                     */
                    redeemBy?: string;
                    /** @description String-to-string map, at most 50 keys */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description The coupon */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coupon */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coupon */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    applySubscriptionDiscount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    couponId: string;
                };
            };
        };
        responses: {
            /** @description The discount */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Discount"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeSubscriptionDiscount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The discount, ended */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Discount"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    applyInvoiceDiscount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    couponId: string;
                };
            };
        };
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSubscriptionPixAutomatico: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mandate */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PixAutomaticoMandate"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startSubscriptionPixAutomatico: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartPixAutomaticoMandate"];
            };
        };
        responses: {
            /** @description The mandate, pending the payer */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PixAutomaticoMandate"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The processor refused the request (`processor_rejected`): the operator checks the company's connection */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The processor did not answer (`processor_unavailable`): retry with the same Idempotency-Key, see Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDunningSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company’s retry schedule (1, 3 and 5 days after the due date by default) */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DunningSettings"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setDunningSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DunningSettingsInput"];
            };
        };
        responses: {
            /** @description The schedule now in force */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DunningSettings"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPortalSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customerId: string;
                    /**
                     * Format: http-url
                     * @description Where the portal's back link goes (the merchant's site)
                     */
                    returnUrl?: string;
                    /**
                     * @description The page's language; without it, the browser's (Accept-Language), else pt-BR
                     * @enum {string}
                     */
                    locale?: "pt-BR" | "en" | "es";
                    /** @description What the customer may do besides paying: cancel a subscription at the end of its period */
                    features?: {
                        /** @default false */
                        cancelSubscription?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The session */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalSession"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                txnId: string;
                payId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Integer cents; default the refundable rest of the payment */
                    amount?: number;
                    /** @description Why the buyer is refunded (1-4000 chars) */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRefundsOfTransaction: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path: {
                transactionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of refunds */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRefundsOfPayment: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of refunds */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refund */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approveRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Approved */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refuseRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The reviewer’s note (1-4000 chars); the refund’s own reason is kept */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Refused */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmRefundBankDetails: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmed: the transfer starts */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRefundSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundSettings"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setRefundSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    autoApprove: boolean;
                };
            };
        };
        responses: {
            /** @description The settings as stored */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundSettings"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listReceivables: {
        parameters: {
            query?: {
                recipientId?: string;
                status?: "waiting_funds" | "anticipated" | "paid" | "suspended";
                /** @description Receivables available on this date or after */
                dueFrom?: string;
                /** @description Receivables available on this date or before */
                dueTo?: string;
                paymentId?: string;
                transactionId?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of receivables */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceivableList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReceivable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receivable */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Receivable"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    simulateAnticipation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    recipientId: string;
                    currency?: string;
                    /** @description Anticipate at most this gross amount: whole receivables, soonest due first */
                    amount?: number;
                    /** @description Exactly these waiting receivables */
                    receivableIds?: string[];
                    /**
                     * Format: date
                     * @description The waiting receivables due on this date or before
                     */
                    upTo?: string;
                };
            };
        };
        responses: {
            /** @description The simulation */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnticipationSimulation"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAnticipations: {
        parameters: {
            query?: {
                recipientId?: string;
                status?: "pending_approval" | "completed" | "rejected";
                /** @description Anticipations created at this instant or after (ISO 8601 with offset) */
                createdFrom?: string;
                /** @description Anticipations created at this instant or before (ISO 8601 with offset) */
                createdTo?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of anticipations */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnticipationList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAnticipation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    recipientId: string;
                    currency?: string;
                    /** @description Anticipate at most this gross amount: whole receivables, soonest due first */
                    amount?: number;
                    /** @description Exactly these waiting receivables */
                    receivableIds?: string[];
                    /**
                     * Format: date
                     * @description The waiting receivables due on this date or before
                     */
                    upTo?: string;
                    /** @description The simulation’s fingerprint: the request takes exactly what it showed, or is a 409 */
                    fingerprint: string;
                };
            };
        };
        responses: {
            /** @description The anticipation this fingerprint made already */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Anticipation"];
                };
            };
            /** @description Requested */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Anticipation"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAnticipation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The anticipation */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Anticipation"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAnticipationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings (disabled, 100% when never set) */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnticipationSettings"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putAnticipationSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                    /**
                     * @description Percent of what is eligible the daily run anticipates (whole receivables, soonest due first)
                     * @default 100
                     */
                    percentage?: number;
                };
            };
        };
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnticipationSettings"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDisputes: {
        parameters: {
            query?: {
                status?: "needs_response" | "under_review" | "won" | "lost";
                transactionId?: string;
                page?: number;
                limit?: number;
                /** @description The id of an item of this list: the page holds the items after it, in the list's order (the next page: the last item's id). Not with `endingBefore` or a `page` beyond 1. */
                startingAfter?: string;
                /** @description The id of an item of this list: the page holds the items just before it, in the list's order (the previous page: the first item's id). Not with `startingAfter` or a `page` beyond 1. */
                endingBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of disputes */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisputeList"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDispute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dispute id (dsp_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dispute */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addDisputeEvidence: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The dispute id (dsp_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DisputeEvidenceInput"];
            };
        };
        responses: {
            /** @description The dispute with its evidence */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitDispute: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The dispute id (dsp_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dispute, under review */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The processor did not answer (`processor_unavailable`): retry with the same Idempotency-Key, see Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sandboxDecideDispute: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body replay the first response. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The dispute id (dsp_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxDisputeOutcomeInput"];
            };
        };
        responses: {
            /** @description Sent to the acquirer */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxDisputeOutcome"];
                };
            };
            /** @description Invalid body or parameter (`validation_failed`) */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked x-api-key (`unauthenticated`) */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not the caller's (`not_found`) */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid for the current state, or a conflict */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not JSON (`unsupported_media_type`) */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (`rate_limited`), see Retry-After */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The processor did not answer (`processor_unavailable`): retry with the same Idempotency-Key, see Retry-After */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
