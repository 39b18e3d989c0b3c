import { TTL_DEFAULT_SECONDS, TTL_MAX_SECONDS, TTL_MIN_SECONDS } from './validation';

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const error = (description: string) => ({ description, content: json(ref('Error')) });

const slugParameter = {
  name: 'slug',
  in: 'path',
  required: true,
  description: 'The room slug assigned by the service.',
  schema: { type: 'string', pattern: '^[a-z0-9-]+$' },
};

const commonErrors = {
  '401': error('API key missing or invalid.'),
  '429': {
    description: 'Too many requests for this API key.',
    headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
    content: json(ref('Error')),
  },
};

const bodyErrors = {
  '400': error('A field is missing or of the wrong type, the JSON is invalid, or `ttlSeconds` is out of range.'),
  '413': error('The body is larger than the limit (16 KiB by default).'),
  '415': error('The body is not sent as `application/json`.'),
};

const grantNames = ['canPublish', 'canSubscribe', 'canPublishData', 'hidden', 'roomAdmin', 'roomRecord'];

/** The OpenAPI 3.1 description of the Room API, served at `/docs` and `/docs/openapi.json`. */
export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'RoomKit dev Room API',
    version: '1.0.0',
    description:
      'Machine-to-machine API for rooms and connection tokens. Call it from your server with an API key; never from a browser.',
  },
  servers: [{ url: '/api/v1' }],
  security: [{ apiKey: [] }],
  paths: {
    '/sdk/rooms': {
      post: {
        operationId: 'createRoom',
        summary: 'Create a room',
        requestBody: { required: true, content: json(ref('CreateRoomRequest')) },
        responses: { '201': { description: 'The room.', content: json(ref('Room')) }, ...bodyErrors, ...commonErrors },
      },
      get: {
        operationId: 'listRooms',
        summary: "List the application's rooms, oldest first",
        responses: {
          '200': {
            description: 'The rooms.',
            content: json({ type: 'object', required: ['rooms'], properties: { rooms: { type: 'array', items: ref('Room') } } }),
          },
          ...commonErrors,
        },
      },
    },
    '/sdk/rooms/{slug}': {
      delete: {
        operationId: 'deleteRoom',
        summary: 'Delete a room',
        parameters: [slugParameter],
        responses: {
          '204': { description: 'Deleted.' },
          '404': error("No such room in the caller's application."),
          ...commonErrors,
        },
      },
    },
    '/sdk/rooms/{slug}/token': {
      post: {
        operationId: 'createToken',
        summary: 'Issue a connection token for the room',
        parameters: [slugParameter],
        requestBody: { required: true, content: json(ref('TokenRequest')) },
        responses: {
          '200': { description: 'The connection token.', content: json(ref('TokenResponse')) },
          ...bodyErrors,
          '404': error("No such room in the caller's application."),
          ...commonErrors,
        },
      },
    },
  },
  components: {
    securitySchemes: {
      apiKey: { type: 'http', scheme: 'bearer', description: 'The complete API key `<KEY_ID>.<SECRET>`.' },
    },
    schemas: {
      CreateRoomRequest: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200 },
          description: { type: 'string', maxLength: 2000 },
          scheduledAt: { type: 'string', format: 'date-time', description: 'ISO 8601 with a time zone; returned in UTC.' },
        },
      },
      Room: {
        type: 'object',
        required: ['slug', 'name', 'createdAt'],
        properties: {
          slug: { type: 'string', pattern: '^[a-z0-9-]+$' },
          name: { type: 'string' },
          description: { type: 'string' },
          scheduledAt: { type: 'string', format: 'date-time' },
          createdAt: { type: 'string', format: 'date-time' },
        },
      },
      Grants: {
        type: 'object',
        additionalProperties: false,
        description: 'Only the grants given are written into the token; an absent grant takes the media server default.',
        properties: Object.fromEntries(grantNames.map((name) => [name, { type: 'boolean' }])),
      },
      TokenRequest: {
        type: 'object',
        additionalProperties: false,
        required: ['identity'],
        properties: {
          identity: { type: 'string', minLength: 1, maxLength: 256 },
          name: { type: 'string', maxLength: 256 },
          metadata: { type: 'string', maxLength: 8192 },
          ttlSeconds: { type: 'integer', minimum: TTL_MIN_SECONDS, maximum: TTL_MAX_SECONDS, default: TTL_DEFAULT_SECONDS },
          grants: ref('Grants'),
        },
      },
      TokenResponse: {
        type: 'object',
        required: ['token', 'url', 'room', 'identity', 'expiresAt'],
        properties: {
          token: { type: 'string', description: 'HS256 JWT in the LiveKit access-token format.' },
          url: { type: 'string', description: 'The media server WebSocket address.' },
          room: { type: 'string', description: 'The room slug.' },
          identity: { type: 'string' },
          expiresAt: { type: 'integer', description: 'Expiry in epoch seconds.' },
        },
      },
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: { code: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
} as const;
