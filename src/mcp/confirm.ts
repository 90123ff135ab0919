// Who says yes to a call that deletes, retargets, moves or imports: the user, through the client's
// elicitation form, wherever the client can show one (the model's `confirm: true` is then not
// enough); else the model's `confirm: true`, as the tool's description tells it to ask first.
import type { Server } from './sdk.js';
import type { Failure } from './result.js';

/** What a call asks before it sends anything. */
export interface Ask {
  /** What will change, for the user: `delete 2 links: spring, 42`. */
  what: string;
  /** always: a delete, a retarget, an import (confirm: true without elicitation); user: only where the client can ask (an assign). */
  who: 'always' | 'user';
}

/** How long the user has to answer the form: a person may be away from the screen. */
const ANSWER_MS = 10 * 60_000;

/** undefined: go ahead; otherwise the failure that says why nothing was done. */
export async function confirmed(
  server: Server,
  ask: Ask,
  call: { confirm: boolean; signal: AbortSignal; requestId: string | number; tool: string },
): Promise<Failure | undefined> {
  if (server.getClientCapabilities()?.elicitation?.form) return askUser(server, ask, call);
  if (ask.who === 'user' || call.confirm) return undefined;
  return {
    error: 'not_confirmed',
    message: `nothing was done: ${call.tool} would ${ask.what}`,
    hint: 'ask the user, then call again with confirm: true',
  };
}

async function askUser(
  server: Server,
  ask: Ask,
  call: { signal: AbortSignal; requestId: string | number; tool: string },
): Promise<Failure | undefined> {
  let action: string;
  try {
    const answer = await server.elicitInput(
      {
        mode: 'form',
        message: `${call.tool} will ${ask.what}. Go ahead?`,
        // No field: accepting the form is the answer.
        requestedSchema: { type: 'object', properties: {} },
      },
      { signal: call.signal, relatedRequestId: call.requestId, timeout: ANSWER_MS },
    );
    action = answer.action;
  } catch {
    action = 'unanswered';
  }
  if (action === 'accept') return undefined;
  const why = action === 'decline' ? 'the user declined' : 'the user did not agree';
  return {
    error: 'declined',
    message: `nothing was done: ${why} to ${ask.what}`,
    hint: 'do not call again unless the user asks for it',
  };
}
