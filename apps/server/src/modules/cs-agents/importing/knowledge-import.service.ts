import path from 'node:path';
import {
  CS_AGENT_LIMITS,
  isMessageKey,
  type KnowledgeArticleBody,
  knowledgeArticleBodySchema,
  type MessageKey,
} from '@omnichat/contracts';
import type { AppContext } from '../../../context.ts';
import type { MemberPrincipal } from '../../../platform/auth/guards.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import { OutboundError, type OutboundResponse } from '../../../platform/outbound/outbound-error.ts';
import { findAgent } from '../cs-agents.service.ts';
import type { createKnowledgeService } from '../knowledge.service.ts';
import { type DocumentFormat, documentText, formatOfName, Unreadable } from './extract-text.ts';
import { pageText } from './page-text.ts';

/** An uploaded file: its name as sent and its bytes (read in full, at most `importMaxBytes`). */
export interface UploadedDocument {
  fileName: string;
  bytes: Uint8Array;
}

const MAX_SIZE = `${CS_AGENT_LIMITS.importMaxBytes / 1024 / 1024} MB`;
const FETCH_TIMEOUT_MS = 20_000;
const FORMAT_NAMES: Record<DocumentFormat, string> = { txt: '.txt', md: '.md', pdf: '.pdf', docx: '.docx' };

/** The types an address may answer, by the first part of its `content-type`. */
const DOCUMENT_TYPES: Record<string, DocumentFormat | 'html'> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

const OUTBOUND_REFUSALS: Record<OutboundError['kind'], MessageKey> = {
  refused: 'knowledge_url_refused',
  unreachable: 'knowledge_url_unreachable',
  timeout: 'knowledge_url_timeout',
  too_large: 'knowledge_url_too_large',
  status: 'knowledge_url_status',
};

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
const clip = (title: string) =>
  title
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CS_AGENT_LIMITS.titleMax - 1)
    .trim();

/** The article as POST /knowledge takes it, so the same limits apply (a text over 1,000,000 characters…). */
function articleBody(input: KnowledgeArticleBody) {
  const parsed = knowledgeArticleBodySchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? '';
  throw badRequest(isMessageKey(message) ? message : 'request_invalid');
}

/** What an address answered, as a format: by its content type, else (none or a generic one) by its path. */
function formatOfAnswer(answer: OutboundResponse): DocumentFormat | 'html' | null {
  const type = String(answer.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (DOCUMENT_TYPES[type]) return DOCUMENT_TYPES[type];
  if (type && type !== 'application/octet-stream') return null;
  return formatOfName(new URL(answer.url).pathname) ?? null;
}

/**
 * Knowledge articles imported from a file (.txt, .md, .pdf, .docx) or a public address: the text is read here and
 * the article created through the knowledge service, so it is indexed and limited like one written in the editor.
 * Every refusal is a message of its own (wrong type, unreadable, no text, too large, an address that fails).
 */
export function createKnowledgeImportService(ctx: AppContext, knowledge: ReturnType<typeof createKnowledgeService>) {
  /** Another organization's agent (or none) is "not found" before anything is read or fetched. */
  const assertAgent = (member: MemberPrincipal, agentId: string) =>
    ctx.database.withWorkspace(member.workspaceId, (tx) => findAgent(tx, agentId));

  async function textOf(bytes: Uint8Array, format: DocumentFormat, noText: MessageKey) {
    let text: string;
    try {
      text = await documentText(bytes, format);
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      if (error.reason === 'not_utf8') throw badRequest('knowledge_import_not_utf8');
      throw badRequest('knowledge_import_unreadable', { format: FORMAT_NAMES[format] });
    }
    if (!text) throw badRequest(noText);
    return text;
  }

  async function fromFile(member: MemberPrincipal, agentId: string, upload: UploadedDocument | null) {
    if (!upload) throw badRequest('knowledge_import_file_required');
    const format = formatOfName(upload.fileName);
    if (!format) throw new AppError(415, 'knowledge_import_type');
    if (upload.bytes.byteLength > CS_AGENT_LIMITS.importMaxBytes)
      throw new AppError(413, 'knowledge_import_too_large', { size: MAX_SIZE });
    await assertAgent(member, agentId);
    const content = await textOf(upload.bytes, format, 'knowledge_import_no_text');
    const title = clip(path.parse(upload.fileName).name) || clip(upload.fileName);
    const body = articleBody({ title, content, source: 'file', source_name: upload.fileName });
    return knowledge.create(member, agentId, body);
  }

  async function fetchAddress(url: string): Promise<OutboundResponse> {
    try {
      return await ctx.outbound.request(url, {
        maxBytes: CS_AGENT_LIMITS.importMaxBytes,
        timeoutMs: FETCH_TIMEOUT_MS,
        maxRedirects: 5,
        headers: {
          accept: 'text/html, application/xhtml+xml, text/plain;q=0.9, application/pdf;q=0.8, */*;q=0.5',
          'user-agent': 'OmniChat knowledge import',
        },
      });
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      throw badRequest(OUTBOUND_REFUSALS[error.kind], {
        status: error.response?.status ?? '',
        size: MAX_SIZE,
      });
    }
  }

  async function fromUrl(member: MemberPrincipal, agentId: string, address: string) {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw badRequest('knowledge_url_invalid');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('knowledge_url_invalid');
    await assertAgent(member, agentId);
    const answer = await fetchAddress(url.href);
    const format = formatOfAnswer(answer);
    if (!format) throw badRequest('knowledge_url_type');
    const named = `${url.hostname}${url.pathname === '/' ? '' : decoded(url.pathname)}`;
    let title: string;
    let content: string;
    if (format === 'html') {
      const page = pageText(answer.body, String(answer.headers['content-type'] ?? ''));
      if (!page.text) throw badRequest('knowledge_url_no_text');
      ({ title, text: content } = page);
    } else {
      content = await textOf(answer.body, format, 'knowledge_url_no_text');
      title = path.posix.parse(decoded(url.pathname)).name;
    }
    const body = articleBody({ title: clip(title) || clip(named), content, source: 'url', source_name: address });
    return knowledge.create(member, agentId, body);
  }

  return { fromFile, fromUrl };
}
