"""What the MCP tools take and return, kept apart from ``mcp`` itself (only consensus.server imports it).

- Parameters: JSON schemas taken from the research contract, with validation left to
  :func:`parse_arguments`, so every bad argument gets one kind of error naming the field and its limit.
  :func:`check_arguments` refuses unknown and missing arguments (the SDK ignores the first and words
  the second as pydantic text); :func:`invalid_arguments` rewords the SDK's own validation errors.
  Every refusal is an :class:`~protocols.InvalidRequest` whose suggestion names the accepted values.
- Progress: :class:`ProgressRelay` turns the runtime's events into MCP progress values.
- Views of stored runs: a run's status, the run list, a run's debate. They are read from the store,
  so they are the same after a restart and for runs started by another process.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

import anyio
from pydantic import BaseModel, Field, PlainValidator, ValidationError, WithJsonSchema

from consensus.progress import Progress
from protocols import InvalidRequest, ResearchRequest
from store import Repository, RunRecord

__all__ = [
    "Constraints",
    "ContextText",
    "DepthName",
    "ProgressRelay",
    "Question",
    "RunId",
    "RunStatus",
    "StartedRun",
    "check_arguments",
    "invalid_arguments",
    "parse_arguments",
    "run_status",
    "runs_json",
]

logger = logging.getLogger(__name__)
PROGRESS_SEND_SEC = 2.0  # a progress notification never holds up a run (not even its shielded finish)


# ------------------------------------------------------------------ parameters


def _contract_property(name: str) -> dict[str, Any]:
    """A parameter's JSON schema taken from the contract, ``$ref`` inlined (tool schemas carry no ``$defs``)."""
    schema = ResearchRequest.model_json_schema()
    prop = dict(schema["properties"][name])
    ref = prop.pop("$ref", None)
    return {**schema["$defs"][ref.rsplit("/", 1)[-1]], **prop} if ref else prop


def _nullable(name: str) -> dict[str, Any]:
    """An object parameter that may also be null (null means: the contract's defaults)."""
    schema = _contract_property(name)
    description = schema.pop("description", None)
    return {"anyOf": [schema, {"type": "null"}], "description": description}


def _deferred(value: object) -> object:
    return value


# The schema advertises the contract's limits, but validation is deferred to parse_request, so every
# bad argument gets the same INVALID_QUERY error naming the field and its limit (the SDK's own
# validation error would be pydantic text). The SDK JSON-decodes string arguments unless a parameter
# is annotated plain ``str``, hence ``str`` here even though any JSON value may arrive.
Question = Annotated[str, PlainValidator(_deferred), WithJsonSchema(_contract_property("question"))]
ContextText = Annotated[str | None, PlainValidator(_deferred), WithJsonSchema(_contract_property("context"))]
DepthName = Annotated[str, PlainValidator(_deferred), WithJsonSchema(_contract_property("depth"))]
Constraints = Annotated[dict[str, Any] | None, PlainValidator(_deferred), WithJsonSchema(_nullable("constraints"))]
RunId = Annotated[str, Field(description="The run_id from start_research or consensus://runs (a trace_id works too).")]


def parse_arguments(question: object, context: object, depth: object, constraints: object) -> ResearchRequest:
    """Validate tool arguments as a research request, strictly: ``true`` or ``"5"`` is not an integer.

    Raises:
        InvalidRequest: naming every offending field, with a suggestion giving each one's limits.
    """
    if isinstance(context, list | dict):  # the SDK decoded a context that is itself JSON text: undo it
        context = json.dumps(context, ensure_ascii=False)
    data = {"question": question, "context": context, "depth": depth, "constraints": constraints}
    if constraints is None:
        data["constraints"] = {}  # null means: the contract's defaults
    try:
        # JSON-mode strict validation: enums from their text, but no bool or text for an integer
        return ResearchRequest.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        locs = [tuple(str(p) for p in err["loc"]) for err in exc.errors()]
        problems = "; ".join(
            f"{'.'.join(loc) or 'request'}: {err['msg']}" for loc, err in zip(locs, exc.errors(), strict=True)
        )
        hints = dict.fromkeys(_limits(loc) for loc in locs)  # ordered, without repeats
        raise InvalidRequest(f"invalid research request: {problems}", suggestion="; ".join(hints)) from None


_REQUEST_SCHEMA = ResearchRequest.model_json_schema()


def _limits(loc: tuple[str, ...]) -> str:
    """What the contract accepts at ``loc`` (e.g. ``constraints.max_iterations: an integer from 1 to 100``)."""
    schema: dict[str, Any] = _REQUEST_SCHEMA
    for depth, part in enumerate(loc):
        properties = _resolve(schema).get("properties", {})
        if part not in properties:  # an unknown key: say which ones the object takes
            where = ".".join(loc[:depth]) or "the request"
            return f"{where} accepts only: {', '.join(properties)}"
        schema = properties[part]
    return _describe(".".join(loc) or "request", _resolve(schema))


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    """A schema with its ``$ref`` into the contract's ``$defs`` inlined."""
    ref = schema.get("$ref")
    if not ref:
        return schema
    rest = {k: v for k, v in schema.items() if k != "$ref"}
    return {**_REQUEST_SCHEMA["$defs"][ref.rsplit("/", 1)[-1]], **rest}


def _describe(name: str, schema: Mapping[str, Any]) -> str:
    """What a JSON schema accepts, in words: ``name: an integer from 1 to 100``, ``name: text of ...``."""
    options = [s for s in schema.get("anyOf", [schema]) if s.get("type") != "null"]
    nullable = len(options) < len(schema.get("anyOf", [schema]))
    one = _resolve(dict(options[0])) if len(options) == 1 else dict(schema)
    kind = one.get("type")
    if "enum" in one:
        words = "one of " + ", ".join(str(v) for v in one["enum"])
    elif kind == "integer":
        low, high = one.get("minimum"), one.get("maximum")
        words = f"an integer from {low} to {high}" if low is not None and high is not None else "an integer"
    elif kind == "string":
        low, high = one.get("minLength"), one.get("maxLength")
        words = f"text of {low} to {high} characters" if low and high else "text"
        words = f"text of at most {high} characters" if high and not low else words
    elif kind == "object":
        fields = ", ".join(one.get("properties", {}))
        words = f"an object with {fields}" if fields else "an object"
    else:
        words = "a JSON value"
    if words == "text" and one.get("description"):  # no limit to name: say what the text is
        words += f" ({one['description'].rstrip('.')})"
    return f"{name}: {words}" + (" (or null)" if nullable else "")


def check_arguments(arguments: Mapping[str, object], schema: Mapping[str, Any]) -> None:
    """Refuse arguments a tool does not take and required ones that are absent.

    Args:
        arguments: the call's arguments, as the client sent them.
        schema: the tool's input schema (its ``properties`` and ``required``).

    Raises:
        InvalidRequest: naming the unknown or missing arguments; the suggestion lists the accepted ones.
    """
    properties: dict[str, Any] = schema.get("properties", {})
    required = schema.get("required", [])
    accepted = ", ".join(f"{n} (required)" if n in required else n for n in properties)
    unknown = [name for name in arguments if name not in properties]
    if unknown:
        names = ", ".join(repr(n[:64]) for n in unknown[:10]) + (", ..." if len(unknown) > 10 else "")
        raise InvalidRequest(f"unknown argument(s) {names}", suggestion=f"this tool takes: {accepted}")
    missing = [name for name in required if name not in arguments]
    if missing:
        hints = "; ".join(_describe(n, properties[n]) for n in missing)
        raise InvalidRequest(f"missing required argument(s) {', '.join(missing)}", suggestion=hints)


def invalid_arguments(exc: ValidationError, schema: Mapping[str, Any]) -> InvalidRequest:
    """The SDK's validation error of a tool's arguments, as an error naming each field and what it takes."""
    properties: dict[str, Any] = schema.get("properties", {})
    problems, hints = [], []
    for err in exc.errors():
        name = ".".join(str(p) for p in err["loc"]) or "arguments"
        problems.append(f"{name}: {err['msg']}")
        top = str(err["loc"][0]) if err["loc"] else ""
        hints.append(_describe(top, properties[top]) if top in properties else f"arguments: {name}")
    return InvalidRequest(f"invalid arguments: {'; '.join(problems)}", suggestion="; ".join(dict.fromkeys(hints)))


# ------------------------------------------------------------------ progress


class ProgressRelay:
    """Relays the runtime's Progress events as MCP progress notifications (delivery is best effort).

    Progress counts debate iterations out of ``max_iterations + 1`` (the last step writes the answer);
    events within an iteration take fractional steps, because the spec requires every notification
    to increase the value.
    """

    def __init__(self, send: Callable[[float, float, str], Awaitable[None]]) -> None:
        self.send = send  # e.g. an MCP Context's report_progress
        self.iteration = -1
        self.steps = 0

    async def __call__(self, event: Progress) -> None:
        total = float(event.max_iterations + 1)
        if event.kind == "stopped":
            value = total
        elif event.iteration != self.iteration:
            self.iteration, self.steps, value = event.iteration, 0, float(event.iteration)
        else:
            self.steps += 1
            value = event.iteration + 1 - 1 / (self.steps + 1)
        counts = f"agreed {event.agreed}, open {event.pending}, rejected {event.rejected}"
        message = f"{event.message} ({counts})"
        if event.kind == "run_started":  # the caller learns the run id before the result arrives
            message = f"run {event.run_id}: {message}"
        with anyio.move_on_after(PROGRESS_SEND_SEC):
            try:
                await self.send(value, total, message)
            except Exception:
                logger.debug("progress notification not delivered", exc_info=True)


# ------------------------------------------------------------------ views of runs


class StartedRun(BaseModel):
    """A research run started in the background."""

    run_id: str = Field(description="Pass to research_status, research_result and cancel_research.")
    trace_id: str = Field(description="UUID of the run's JSONL trace.")
    status: Literal["running"] = "running"


class RunStatus(BaseModel):
    """Where a run stands, read from the store (so it survives a server restart)."""

    run_id: str
    trace_id: str
    question: str
    status: str = Field(description="running | completed | cancelled | failed | degraded | interrupted")
    progress_percent: int = Field(ge=0, le=100, description="Debate iterations done of the maximum; 100 when over.")
    current_action: str = Field(description="What the run is doing (or how it ended).")
    iteration: int
    max_iterations: int
    claims_agreed: int
    claims_pending: int = Field(description="Claims still under debate.")
    claims_rejected: int
    tokens_used: int
    token_budget: int
    elapsed_seconds: float
    error: str | None = None
    owner: str = Field(default="", description="Who runs (or last ran) it: the server or CLI process, host:pid.")
    owner_since: datetime | None = Field(default=None, description="Since when that owner holds the run (UTC).")
    lease_expires_at: datetime | None = Field(
        default=None, description="The owner's lease runs out then unless renewed; a running run past it is orphaned."
    )
    message: str = Field(description="What to do next.")


def run_status(record: RunRecord, *, note: str = "") -> RunStatus:
    """The status of a stored run; ``note`` is put before the what-to-do-next message."""
    finished = record.status != "running"
    limit = record.constraints.max_iterations
    elapsed = (record.finished_at or datetime.now(UTC)) - record.created_at
    next_step = {
        "running": f"poll research_status(run_id='{record.id}'); cancel_research stops it and keeps the partial result",
        "interrupted": f"the process running it stopped before it finished; research_result(run_id='{record.id}') "
        f"has what was agreed (partial); resume_research(run_id='{record.id}') continues it",
    }.get(record.status, f"read the result with research_result(run_id='{record.id}')")
    return RunStatus(
        run_id=record.id,
        trace_id=record.trace_id,
        question=record.question,
        status=record.status,
        progress_percent=100 if finished else min(99, 100 * record.iteration // limit),
        current_action=record.current_action or (record.status if finished else "starting"),
        iteration=record.iteration,
        max_iterations=limit,
        claims_agreed=record.agreed,
        claims_pending=record.pending,
        claims_rejected=record.rejected,
        tokens_used=record.tokens_used,
        token_budget=record.constraints.token_budget,
        elapsed_seconds=round(max(0.0, elapsed.total_seconds()), 3),
        error=record.error,
        owner=record.owner,
        owner_since=record.owner_since,
        lease_expires_at=record.lease_expires_at,
        message=note + next_step,
    )


def runs_json(repo: Repository, *, limit: int = 100) -> str:
    """The most recent runs, newest first, as a JSON list of statuses."""
    return json.dumps([run_status(r).model_dump(mode="json") for r in repo.list_runs(limit=limit)], indent=2)
