// HTTP of uploads (docs/product.md §7 POST /upload): upload with multipart field `file`, list, download and delete own files.

import { fieldFailure } from "@aacos/domain/errors";
import { FileList, replyOf, StoredFile } from "@aacos/domain/replies";
import { MESSAGES, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "@aacos/domain/validation";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../platform/auth.js";
import { AppError, validationFailed } from "../../platform/errors.js";
import type { FileService } from "./service.js";

const IdParams = z.object({ id: z.string() });

function ownerOf(request: FastifyRequest) {
  return callerOf(request).user;
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function uploadRoutes(app: FastifyInstance, deps: { files: FileService }) {
  // Registered here, so only this plugin's routes parse multipart. One byte over the maximum lets an oversized
  // file be told apart from one of exactly 10 MB; the stream is cut there.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1 },
    throwFileSizeLimit: false,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  const signedIn = { onRequest: app.authenticate };
  api.post(
    "/api/upload",
    { ...signedIn, schema: { response: { 201: replyOf("file", StoredFile) } } },
    async (request, reply) => {
      const owner = ownerOf(request);
      const missing = validationFailed({ file: fieldFailure(MESSAGES.required, "required") });
      if (!request.isMultipart()) throw missing;
      const parts = request.files();
      // Busboy refuses a multipart header it cannot parse (no boundary, say) with a plain Error.
      const first = await parts.next().catch(() => {
        throw new AppError(
          "bad_request",
          400,
          "The body is not multipart/form-data with a boundary",
        );
      });
      const part = first.done ? undefined : first.value;
      if (part === undefined || part.fieldname !== "file") {
        part?.file.resume();
        throw missing;
      }
      const file = await deps.files.upload(owner, {
        name: part.filename,
        mimeType: part.mimetype,
        stream: part.file,
      });
      // A second file trips the parser's one-file limit once the first is read. Keeping one of them would say
      // "stored" of a body that was not, so none is kept and the client is told to send them one by one.
      const another = await parts.next().then(
        (next) => next.done !== true,
        () => true,
      );
      if (another) {
        await deps.files.remove(owner.id, file.id);
        throw validationFailed({
          file: fieldFailure(UPLOAD_MESSAGES.oneFileOnly, "one_file_only"),
        });
      }
      return reply.status(201).send({ file });
    },
  );

  api.get("/api/files", { ...signedIn, schema: { response: { 200: FileList } } }, async (request) =>
    deps.files.list(ownerOf(request)),
  );

  api.get(
    "/api/files/:id",
    { onRequest: app.authenticate, schema: { params: IdParams } },
    async (request, reply) => {
      const { file, stream } = await deps.files.open(ownerOf(request).id, request.params.id);
      const type = file.mimeType === "text/plain" ? "text/plain; charset=utf-8" : file.mimeType;
      return reply
        .header("content-type", type)
        .header("content-length", String(file.size))
        .header("content-disposition", attachmentHeader(file.name))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(stream);
    },
  );

  api.delete(
    "/api/files/:id",
    { onRequest: app.authenticate, schema: { params: IdParams } },
    async (request, reply) => {
      await deps.files.remove(ownerOf(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
