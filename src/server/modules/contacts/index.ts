import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ContactInput } from '../../../shared/contacts.js';
import { fitFactsOf, fitOf } from '../../../shared/fit.js';
import { fitProfileFor } from '../startup/startup-store.js';
import { checkContactFields, type StoredContact } from './contact-fields.js';
import { createContact, deleteContact, fieldsError, ownContacts, updateContact, type ContactRow } from './contact-store.js';
import { createContactSchema, deleteContactSchema, ownContactsSchema, updateContactSchema } from './schemas.js';

/**
 * Private contacts (README, "Private contacts"): POST /investors, PATCH and DELETE /investors/{id} for the
 * contact's owner, GET /contacts. GET /investors/{id} answers them too (investors/routes.ts).
 */
export async function contactsModule(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  const scored = async (userId: number, contact: ContactRow) => {
    const profile = await fitProfileFor(app.db, userId);
    return { ...contact, fit: profile ? fitOf(profile, fitFactsOf('investors', contact)) : null };
  };

  app.post('/investors', { schema: createContactSchema }, async (request, reply) => {
    const { values, errors } = checkContactFields(request.body as ContactInput, { whole: true });
    if (errors.length > 0) throw fieldsError(errors);
    const contact = await createContact(app.db, request.userId, values as StoredContact);
    return reply.status(201).send(await scored(request.userId, contact));
  });

  app.patch('/investors/:id', { schema: updateContactSchema }, async (request) => {
    const contact = await updateContact(app, request.userId, request.params.id, (current) => {
      const { values, errors } = checkContactFields(request.body as Partial<ContactInput>, { whole: false, current });
      if (errors.length > 0) throw fieldsError(errors);
      return values;
    });
    return scored(request.userId, contact);
  });

  app.delete('/investors/:id', { schema: deleteContactSchema }, async (request, reply) => {
    await deleteContact(app, request.userId, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/contacts', { schema: ownContactsSchema }, async (request) => {
    const { page, per_page, search } = request.query;
    const [profile, found] = await Promise.all([fitProfileFor(app.db, request.userId), ownContacts(app.db, request.userId, page, per_page, search)]);
    return {
      ...found,
      results: found.results.map((contact) => ({ ...contact, fit: profile ? fitOf(profile, fitFactsOf('investors', contact)) : null })),
    };
  });
}
