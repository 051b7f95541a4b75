"""Claude as a model backend: the Messages API, tool use for typed output, metered and bounded.

Every call offers tools and forces the model to use one of them, so the output is structured:
``decide`` offers ``search`` and ``submit_actions`` (whose schema is the :data:`protocols.Action`
union), ``plan_scope`` offers ``submit_scope`` and ``write_answer`` offers ``submit_answer``. A
``decide`` may search up to ``max_search_rounds`` times before it must submit.

Who owns which failure (never nest retry loops):

- transport failures (408, 409, 429, 5xx, 529 overloaded, timeouts, dropped connections) are retried
  by the anthropic SDK, ``max_retries`` times with its back-off and ``retry-after``; a 429 that says
  the spend limit is reached is marked final by a small middleware so the SDK does not retry it;
- what the SDK gives up on is translated by :mod:`agents.claude.errors` into
  :class:`protocols.BackendError` (``retryable`` says whether a later call may succeed) or
  :class:`protocols.AuthenticationError`, ``from`` the vendor exception, which never leaves the
  ``agents.claude`` package;
- a 200 whose body is not JSON or not shaped like a message (the SDK does not check) is a retryable
  :class:`protocols.BackendError` too, never an escaped ``JSONDecodeError``; every such error carries
  the ``usage`` the conversation had spent before it (answered search rounds), so it can be metered;
- malformed model output gets exactly one semantic re-ask (a ``tool_result`` with ``is_error``);
  a second failure gives an empty :class:`~agents.backends.Decision` with a note (or the documented
  fallback for scope and answer). Bad model output never raises.

Token meter: the ``usage`` of every response (input, output, cache creation, cache read) is summed
into the returned object. Before each call the request is estimated against the tokens left; the
output allowance shrinks to fit, and a call that cannot fit even a minimal answer is not made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import anthropic
from anthropic.types import Message, MessageParam, TextBlockParam, ToolChoiceParam, ToolParam, ToolUseBlock

from agents.backends import (
    AnswerClaim,
    AnswerDraft,
    AnswerSentence,
    Decision,
    ScopePlan,
    SearchTool,
    check_real_requests,
)
from agents.claude.errors import malformed_response, no_retry_when_out_of_credit, translate
from agents.claude.prompts import (
    dumps,
    estimate_tokens,
    load_prompt,
    render_answer_request,
    render_hits,
    render_run,
    render_scope_request,
    render_turn,
)
from agents.claude.tools import (
    answer_tool,
    parse_actions,
    parse_answer,
    parse_scope,
    scope_tool,
    search_tool,
    submit_actions_tool,
)
from protocols import AgentView, ConfigurationError, Depth, InvalidAgentOutput, TokenUsage

__all__ = ["BUDGET_NOTE", "DEFAULT_MODEL", "MIN_OUTPUT_TOKENS", "ClaudeBackend"]

#: The model used unless the caller passes another (the CLI reads ``CONSENSUS_MODEL``).
DEFAULT_MODEL = "claude-sonnet-4-6"
#: The smallest output allowance worth a call; below it the budget guard skips the call.
MIN_OUTPUT_TOKENS = 300
#: Non-streaming calls with a much larger ``max_tokens`` are refused by the SDK before sending.
MAX_OUTPUT_TOKENS = 16_000
#: The note of a decision that was not made because the run's token budget is spent.
BUDGET_NOTE = "token budget exhausted"

_ONE_TOOL = {"disable_parallel_tool_use": True}

T = TypeVar("T")


# ---------------------------------------------------------------------------- conversations


@dataclass
class _Conversation:
    """One structured exchange: a fixed prefix, growing messages, and what it has cost so far."""

    system: list[TextBlockParam]
    tools: list[ToolParam]
    messages: list[MessageParam]
    chars: int = 0
    usage: TokenUsage = field(default_factory=TokenUsage)
    sources_seen: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.chars = len(dumps(self.system)) + len(dumps(self.tools)) + len(dumps(self.messages))

    def add(self, message: MessageParam) -> None:
        self.messages.append(message)
        self.chars += len(dumps(message))


def _usage(message: Message) -> TokenUsage:
    u = message.usage
    return TokenUsage(
        input_tokens=u.input_tokens,
        output_tokens=u.output_tokens,
        cache_creation_input_tokens=u.cache_creation_input_tokens or 0,
        cache_read_input_tokens=u.cache_read_input_tokens or 0,
    )


def _malformed(message: object) -> str:
    """What makes a response not a message ('' when it is one): the SDK builds it without checking."""
    if not isinstance(message, Message):
        return f"the body is a JSON {type(message).__name__}, not a message object"
    content = getattr(message, "content", None)
    if not isinstance(content, list) or not all(isinstance(getattr(b, "type", None), str) for b in content):
        return "it has no list of content blocks"
    for block in content:
        if block.type == "tool_use" and not (
            isinstance(getattr(block, "input", None), dict)
            and isinstance(getattr(block, "name", None), str)
            and isinstance(getattr(block, "id", None), str)
        ):
            return "a tool_use block has no id, name or input object"
    usage = getattr(message, "usage", None)
    counts = (getattr(usage, "input_tokens", None), getattr(usage, "output_tokens", None))
    if not all(isinstance(n, int) and n >= 0 for n in counts):
        return "it reports no token usage"
    return ""


def _tool_result(tool_use_id: str, text: str, *, is_error: bool = False) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": tool_use_id, "content": text}
    if is_error:
        block["is_error"] = True
    return block


# ------------------------------------------------------------------------------------ backend


class ClaudeBackend:
    """A :class:`agents.backends.ModelBackend` that thinks with Claude.

    Args:
        api_key: the Anthropic API key (unused when ``client`` is given).
        model: the model id (the caller resolves ``CONSENSUS_MODEL``).
        client: an ``anthropic.AsyncAnthropic`` to use instead of a new one (tests inject one whose
            ``http_client`` has a mock transport).
        max_tokens: the output allowance of one call (lowered to fit the budget).
        max_search_rounds: searches a ``decide`` may run before it must submit its actions.
        window_claims: claims shown to the model per ``decide``.
        window_evidence_chars: characters of evidence excerpts shown per ``decide``.
        max_retries: transport retries of the SDK; ``None`` keeps the client's own (2 by default).

    Raises:
        ConfigurationError: no API key and no client.
        ValueError: an option out of range.
    """

    def __init__(
        self,
        api_key: str,
        *,
        model: str = DEFAULT_MODEL,
        client: anthropic.AsyncAnthropic | None = None,
        max_tokens: int = 1500,
        max_search_rounds: int = 2,
        window_claims: int = 8,
        window_evidence_chars: int = 4000,
        max_retries: int | None = None,
    ) -> None:
        if not 1 <= max_tokens <= MAX_OUTPUT_TOKENS:
            raise ValueError(f"max_tokens must be between 1 and {MAX_OUTPUT_TOKENS}")
        if max_search_rounds < 0 or window_claims < 1 or window_evidence_chars < 0:
            raise ValueError("max_search_rounds and window_evidence_chars must be >= 0, window_claims >= 1")
        self._owns_client = client is None
        if client is None:
            if not api_key:
                raise ConfigurationError("no Anthropic API key", suggestion="set ANTHROPIC_API_KEY")
            client = anthropic.AsyncAnthropic(api_key=api_key, max_retries=2 if max_retries is None else max_retries)
        elif max_retries is not None:
            client = client.with_options(max_retries=max_retries)
        self._client = client.with_middleware(no_retry_when_out_of_credit)
        self._secrets = (api_key, client.api_key)  # redacted from every error message
        self._model = model
        self.max_tokens = max_tokens
        self.max_search_rounds = max_search_rounds
        self.window_claims = window_claims
        self.window_evidence_chars = window_evidence_chars

    @property
    def model_id(self) -> str:
        """The model every call uses."""
        return self._model

    async def aclose(self) -> None:
        """Close the HTTP client if this backend created it."""
        if self._owns_client:
            await self._client.close()

    async def plan_scope(self, question: str, context: str | None, depth: Depth) -> ScopePlan:
        """The lead's research questions; falls back to the question itself on invalid output.

        No budget guard here: the interface passes no budget, and it is one small call per run.

        Raises:
            AuthenticationError: the API refused the key.
            BackendError: the API failed after the SDK's retries, or sent a malformed body (its
                ``usage`` is what the call had spent before).
        """
        conv = _Conversation(
            system=[{"type": "text", "text": load_prompt("scope")}],
            tools=[cast(ToolParam, scope_tool())],
            messages=[{"role": "user", "content": render_scope_request(question, context, depth)}],
        )
        questions, _ = await self._converse(conv, submit="submit_scope", parse=parse_scope)
        return ScopePlan(questions=questions or [question], usage=conv.usage)

    async def decide(self, view: AgentView, search: SearchTool) -> Decision:
        """One turn of ``view.role``: optional searches, then typed actions.

        Returns an empty decision with a note when the output stays invalid after one re-ask, or
        when the budget cannot fit a call. ``usage`` covers every call made, searches included.

        Raises:
            AuthenticationError: the API refused the key.
            BackendError: the API failed after the SDK's retries, or sent a malformed body (its
                ``usage`` is what the call had spent before).
        """
        run = render_run(view.question, view.context, view.depth, view.scope)
        system: list[TextBlockParam] = [
            {"type": "text", "text": load_prompt("protocol")},
            {"type": "text", "text": load_prompt(view.role.value)},
            # The last stable block carries the cache breakpoint: tools + system are read from cache.
            {"type": "text", "text": run, "cache_control": {"type": "ephemeral"}},
        ]
        turn, _ = render_turn(
            view,
            window_claims=self.window_claims,
            window_evidence_chars=self.window_evidence_chars,
            max_search_rounds=self.max_search_rounds,
        )
        conv = _Conversation(
            system=system,
            tools=[cast(ToolParam, search_tool()), cast(ToolParam, submit_actions_tool())],
            messages=[{"role": "user", "content": turn}],
        )
        decision, failure = await self._converse(
            conv,
            submit="submit_actions",
            parse=parse_actions(view, conv.sources_seen),
            search=search,
            tokens_left=view.tokens_left,
        )
        if decision is None:
            return Decision(actions=[], usage=conv.usage, note=failure, out_of_budget=failure == BUDGET_NOTE)
        return decision.model_copy(update={"usage": conv.usage})

    async def write_answer(self, question: str, claims: list[AnswerClaim], *, tokens_left: int) -> AnswerDraft:
        """The answer as sentences citing the given claims only.

        Sentences citing an unknown claim id are dropped. On invalid output (after one re-ask) or
        when the budget cannot fit a call, every claim becomes one sentence of its own.

        Raises:
            AuthenticationError: the API refused the key.
            BackendError: the API failed after the SDK's retries, or sent a malformed body (its
                ``usage`` is what the call had spent before).
        """
        if not claims:
            return AnswerDraft()
        fallback = [AnswerSentence(text=c.statement, claim_ids=[c.claim_id]) for c in claims]
        conv = _Conversation(
            system=[{"type": "text", "text": load_prompt("answer")}],
            tools=[cast(ToolParam, answer_tool())],
            messages=[{"role": "user", "content": render_answer_request(question, claims)}],
        )
        sentences, _ = await self._converse(
            conv, submit="submit_answer", parse=parse_answer(claims), tokens_left=tokens_left
        )
        return AnswerDraft(sentences=sentences or fallback, usage=conv.usage)

    # ------------------------------------------------------------------------------ internals

    async def _converse(
        self,
        conv: _Conversation,
        *,
        submit: str,
        parse: Callable[[dict[str, object]], T],
        search: SearchTool | None = None,
        tokens_left: int | None = None,
    ) -> tuple[T | None, str]:
        """Run the tool loop until ``submit`` is called validly: (result, '') or (None, why not)."""
        searches = 0
        reasked = False
        while True:
            may_search = search is not None and searches < self.max_search_rounds and not reasked
            choice: dict[str, Any] = {"type": "any"} if may_search else {"type": "tool", "name": submit}
            message = await self._call(conv, cast(ToolChoiceParam, choice | _ONE_TOOL), tokens_left)
            if message is None:
                return None, BUDGET_NOTE
            uses = [b for b in message.content if isinstance(b, ToolUseBlock)]
            first = uses[0] if uses else None
            if first is not None and first.name == submit:
                try:
                    return parse(first.input), ""
                except InvalidAgentOutput as exc:
                    problem = exc.message
            elif first is not None and first.name == "search" and may_search and search is not None:
                searches += 1
                query = str(first.input.get("query", "")).strip()
                hits = await search(query, limit=5) if query else []
                conv.sources_seen.update(h.source_id for h in hits)
                results = [_tool_result(first.id, render_hits(query, hits))]
                results += [_tool_result(u.id, "not run: one tool call at a time", is_error=True) for u in uses[1:]]
                conv.add({"role": "user", "content": cast(Any, results)})
                continue
            elif first is not None:
                problem = f"the tool {first.name!r} is not available now"
            else:
                problem = "no tool was called"
            if message.stop_reason == "max_tokens":
                problem += " (the output was cut off at max_tokens: submit fewer or shorter actions)"
            if reasked:
                return None, f"invalid model output skipped: {problem}"
            reasked = True
            fix = f"Your output was invalid: {problem}. Call {submit} again with a complete, corrected input."
            if uses:
                results = [_tool_result(u.id, fix if u is first else "not run", is_error=True) for u in uses]
                conv.add({"role": "user", "content": cast(Any, results)})
            else:
                conv.add({"role": "user", "content": fix})

    async def _call(self, conv: _Conversation, tool_choice: ToolChoiceParam, tokens_left: int | None) -> Message | None:
        """One metered API call; None (no request) when the budget cannot fit a minimal answer."""
        max_tokens = self.max_tokens
        if tokens_left is not None:
            room = tokens_left - conv.usage.total - estimate_tokens(conv.chars)
            if room < min(MIN_OUTPUT_TOKENS, self.max_tokens):
                return None
            max_tokens = min(max_tokens, room)
        if self._owns_client:  # the real API, not a test's mock transport
            check_real_requests("anthropic")
        try:
            message = await self._client.messages.create(
                model=self._model,
                max_tokens=max_tokens,
                system=conv.system,
                tools=conv.tools,
                tool_choice=tool_choice,
                messages=conv.messages,
            )
        except anthropic.AnthropicError as exc:
            raise translate(exc, secrets=self._secrets, usage=conv.usage) from exc
        except ValueError as exc:  # a 200 whose body is not JSON (the SDK lets JSONDecodeError out)
            raise malformed_response("the body is not JSON", usage=conv.usage) from exc
        problem = _malformed(message)
        if problem:
            raise malformed_response(problem, usage=conv.usage)
        conv.usage = conv.usage + _usage(message)
        if message.content:  # an empty assistant turn would be refused if sent back
            conv.add(message.to_param())
        return message
