import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { List, ListSummary, ListType } from '../../../shared/api-types.js';
import { HttpError } from '../../plugins/error-handler.js';
import { LIST_KINDS, type ListKind } from './list-kinds.js';
import {
  addItems,
  createList,
  deleteList,
  listItems,
  listSummaries,
  listSummary,
  removeItem,
  updateList,
} from './list-store.js';
import {
  batchSchema,
  createListSchema,
  deleteListSchema,
  getItemsSchema,
  getListSchema,
  getListsSchema,
  listAnswerOfType,
  removeItemSchema,
  updateListSchema,
} from './schemas.js';
import { fitProfileFor } from '../startup/startup-store.js';
import { listAccess } from './list-access.js';
import { listCaller } from './list-change.js';
import { LIST_MESSAGES, LISTS_CREATED_PER_HOUR } from '../../../shared/form-rules.js';
import { perUser, type RateRule } from '../../plugins/rate-limit.js';
import { JSON_TYPE, serializerOf } from '../../plugins/serialization.js';

/** Creating lists, counted per user across every instance (a replayed Idempotency-Key is not counted). */
const CREATE_RATE: RateRule[] = [perUser('list-create-user', LISTS_CREATED_PER_HOUR, 60 * 60 * 1000)];

const serializersOf = ({ list, items }: (typeof listAnswerOfType)[ListType]) => ({ list: serializerOf(list), items: serializerOf(items) });

/** A list's answers written by its type's own serializer (schemas.ts says why), each compiled once. */
const listAnswerSerializer = { investor: serializersOf(listAnswerOfType.investor), fund: serializersOf(listAnswerOfType.fund) };

function listName(name: string | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (trimmed === '') throw new HttpError(422, LIST_MESSAGES.nameRequired);
  return trimmed;
}

function listType(type: string | undefined): ListType {
  if (type === undefined || type.trim() === '') throw new HttpError(422, LIST_MESSAGES.typeRequired);
  if (type !== 'investor' && type !== 'fund') {
    throw new HttpError(422, LIST_MESSAGES.typeInvalid);
  }
  return type;
}

/** The ids of a batch body, whichever of its two key spellings it uses (not both). */
function batchIds(body: Record<string, unknown>, kind: ListKind): number[] {
  const [pathKey, callerKey] = kind.idKeys;
  const sent = kind.idKeys.filter((key) => body[key] !== undefined);
  if (sent.length === 0) throw new HttpError(422, `${pathKey} is required: the ids of the ${kind.plural} to add`);
  if (sent.length === 2) throw new HttpError(422, `Send either ${pathKey} or ${callerKey}, not both`);
  return body[sent[0]] as number[];
}

/**
 * The saved lists (create, read, rename, delete, add and remove rows) under /api/v1/lists: the caller's own
 * and those shared with them, each call as the caller's role allows (lists/list-access.ts).
 */
export async function listsModule(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get('', { schema: getListsSchema }, (request) => listSummaries(app.db, request.userId));

  /** A list the caller is on and its items, scored by the caller's profile (read alongside the list). */
  const listWithItems = async (userId: number, listId: number) => {
    const [{ list }, profile] = await Promise.all([listAccess(app.db, userId, listId, 'read'), fitProfileFor(app.db, userId)]);
    return { list, items: await listItems(app.db, list, profile) };
  };

  app.get('/:id', { schema: getListSchema }, async (request, reply): Promise<List> => {
    const [{ list, items }, summary] = await Promise.all([
      listWithItems(request.userId, request.params.id),
      listSummary(app.db, request.userId, request.params.id),
    ]);
    reply.type(JSON_TYPE).serializer(listAnswerSerializer[list.list_type].list);
    return { ...summary, item_count: items.length, items };
  });

  app.get('/:id/items', { schema: getItemsSchema }, async (request, reply) => {
    const { list, items } = await listWithItems(request.userId, request.params.id);
    reply.type(JSON_TYPE).serializer(listAnswerSerializer[list.list_type].items);
    return items;
  });

  app.post('', { schema: createListSchema, preHandler: app.rateLimited(CREATE_RATE) }, async (request, reply) => {
    const { name, description, list_type } = request.body;
    const list = await createList(app.db, request.userId, {
      name: listName(name),
      list_type: listType(list_type),
      description: description?.trim() ?? '',
    });
    return reply.status(201).send(list);
  });

  app.patch(
    '/:id',
    { schema: updateListSchema },
    async (request): Promise<ListSummary> => {
      const { name, description } = request.body;
      return updateList(app, listCaller(request), {
        ...(name !== undefined && { name: listName(name) }),
        ...(description !== undefined && { description: description?.trim() ?? '' }),
      });
    },
  );

  app.delete('/:id', { schema: deleteListSchema }, async (request, reply) => {
    await deleteList(app, listCaller(request));
    return reply.status(204).send(null);
  });

  for (const kind of Object.values(LIST_KINDS)) {
    app.post(
      `/:id/${kind.segment}/batch`,
      { schema: batchSchema(kind.noun, kind.idKeys) },
      async (request) => {
        const listId = request.params.id;
        const ids = batchIds(request.body, kind);
        if (request.body.list_id !== undefined && request.body.list_id !== listId) {
          throw new HttpError(422, `list_id ${request.body.list_id} does not match the list in the path (${listId})`);
        }
        const result = await addItems(app, listCaller(request), kind, ids);
        const { item_count } = await listSummary(app.db, request.userId, listId);
        return { list_id: listId, ...result, item_count };
      },
    );

    app.delete(
      `/:id/${kind.segment}/:itemId`,
      { schema: removeItemSchema(kind.noun) },
      async (request, reply) => {
        await removeItem(app, listCaller(request), kind, request.params.itemId);
        return reply.status(204).send(null);
      },
    );
  }
}
