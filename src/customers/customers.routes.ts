import { defineRoute } from '../http/route';
import { paginated } from '../http/pagination';
import {
  createCustomerBody,
  customerIdParams,
  customerListSchema,
  customerSchema,
  listCustomersQuery,
  updateCustomerBody,
} from './customers.schemas';
import { createCustomer, deleteCustomer, getCustomer, listCustomers, toCustomerView, updateCustomer } from './customers.service';

const tag = 'Customers';

export const customerRoutes = [
  defineRoute({
    method: 'post',
    path: '/customers',
    versioned: true,
    operationId: 'createCustomer',
    summary: 'Create a customer',
    tag,
    request: { body: createCustomerBody },
    responses: { 201: { description: 'Created', schema: customerSchema } },
    async handler({ em, company, body, dispatchAfterCommit }) {
      const { customer, event } = await createCustomer(em, company.id, body);
      dispatchAfterCommit([event.id]);
      return { status: 201, body: toCustomerView(customer) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/customers',
    versioned: true,
    operationId: 'listCustomers',
    summary: 'List customers',
    description: 'Text filters (name, email, document, phone, q) match partially and case-insensitively. Deleted customers are not listed.',
    tag,
    request: { query: listCustomersQuery },
    responses: { 200: { description: 'A page of customers', schema: customerListSchema } },
    async handler({ em, company, query }) {
      const { customers, total } = await listCustomers(em, company.id, query);
      return { body: paginated(customers.map(toCustomerView), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/customers/:id',
    versioned: true,
    operationId: 'getCustomer',
    summary: 'Get a customer (deleted ones too, with deletedAt)',
    tag,
    request: { params: customerIdParams },
    responses: { 200: { description: 'The customer', schema: customerSchema } },
    async handler({ em, company, params }) {
      return { body: toCustomerView(await getCustomer(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/customers/:id',
    versioned: true,
    operationId: 'updateCustomer',
    summary: 'Update a customer (any subset of the create fields)',
    tag,
    request: { params: customerIdParams, body: updateCustomerBody },
    responses: { 200: { description: 'The updated customer', schema: customerSchema } },
    errors: [409],
    async handler({ em, company, params, body, dispatchAfterCommit }) {
      const { customer, event } = await updateCustomer(em, company.id, params.id, body);
      if (event) dispatchAfterCommit([event.id]);
      return { body: toCustomerView(customer) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/customers/:id',
    versioned: true,
    operationId: 'deleteCustomer',
    summary: 'Delete a customer (soft; idempotent)',
    tag,
    request: { params: customerIdParams },
    responses: { 200: { description: 'The deleted customer, with deletedAt', schema: customerSchema } },
    async handler({ em, company, params }) {
      return { body: toCustomerView(await deleteCustomer(em, company.id, params.id)) };
    },
  }),
];
