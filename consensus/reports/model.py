"""What a run report shows, read from the store once and shared by every output format.

:func:`load_report` reads a run into a :class:`Report`: the run, its research questions, and one
:class:`Thread` per claim (agreed first, then rejected, then open), whose debate messages are
already put into words by :func:`describe`. The text and markdown renderers
(:mod:`consensus.reports.text`), the HTML page (:mod:`consensus.reports.page`) and the JSON export
(:func:`report_json`) all render this model, so every format shows the same facts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from protocols import (
    ClaimAgreed,
    ClaimChallenged,
    ClaimDefended,
    ClaimFinalized,
    ClaimMediated,
    ClaimProposed,
    ClaimRefined,
    ClaimRejected,
    ClaimRejectVote,
    ClaimStalled,
    ClaimState,
    ClaimTimeoutWarning,
    DebateMessage,
    EvidenceRecord,
    NotFound,
    ScopeQuestion,
)
from store import ClaimRecord, MessageRecord, Repository, RunRecord

__all__ = [
    "Entry",
    "Report",
    "Revision",
    "Thread",
    "describe",
    "header_fields",
    "load_report",
    "missing_answer",
    "report_json",
    "utc",
    "vote_lines",
    "when",
]

_ORDER = {ClaimState.AGREED: 0, ClaimState.REJECTED: 1}  # then every open state
_M = TypeVar("_M")


@dataclass(frozen=True)
class Revision:
    """One wording of a claim: revision 1 is the proposal, each refinement adds one."""

    number: int
    statement: str
    author: str
    reason: str = ""


@dataclass(frozen=True)
class Entry:
    """One debate message put into words.

    Attributes:
        record: the stored message (seq, agent, iteration, timestamp, typed payload).
        kind: a short class for styling: propose, agree, challenge, refine, defend, reject,
            finalize, warn, stall, vote, mediate.
        title: what the agent did, e.g. ``challenged revision 1 (major, single source)``.
        details: labelled texts (the reason, what would satisfy the challenger, ...).
        cites: locators of the evidence attached to the message.
    """

    record: MessageRecord
    kind: str
    title: str
    details: tuple[tuple[str, str], ...]
    cites: tuple[str, ...]


@dataclass(frozen=True)
class Thread:
    """A claim with its revisions, its debate in log order and its outcome.

    Attributes:
        tone: ``agreed``, ``rejected`` or ``open`` (stalled and every undecided state).
        outcome: a short label, e.g. ``agreed (unanimous)`` or ``open (challenged)``.
        outcome_detail: how it was finalized, or why it was rejected, or where it stands.
    """

    claim: ClaimRecord
    revisions: tuple[Revision, ...]
    entries: tuple[Entry, ...]
    tone: str
    outcome: str
    outcome_detail: str


@dataclass(frozen=True)
class Report:
    """Everything a run report shows; ``single_claim`` when the reader asked for one claim."""

    run: RunRecord
    scope: tuple[ScopeQuestion, ...]
    threads: tuple[Thread, ...]
    single_claim: bool = False
    run_messages: tuple[MessageRecord, ...] = ()  # about no claim: research turns, completion, conflicts


# ----------------------------------------------------------------------------- reading


def load_report(repo: Repository, run_key: str, *, claim_id: str | None = None) -> Report:
    """Read one run (id, trace id or a unique prefix) and its claim debates from the store.

    Raises:
        NotFound: no such run, or no claim (or more than one) matching ``claim_id``.
    """
    run = repo.get_run(run_key)
    claims = repo.list_claims(run.id)
    if claim_id is not None:
        claims = [_pick_claim(claims, claim_id, run.id)]
    by_claim: dict[str, list[MessageRecord]] = {c.id: [] for c in claims}
    run_messages = []
    for rec in repo.messages(run.id):
        if rec.claim_id is None:
            run_messages.append(rec)
        elif rec.claim_id in by_claim:
            by_claim[rec.claim_id].append(rec)
    ordered = sorted(claims, key=lambda c: _ORDER.get(c.status, 2))  # stable: creation order within a group
    threads = tuple(_thread(c, by_claim[c.id]) for c in ordered)
    scope = tuple(repo.scope(run.id))
    return Report(run, scope, threads, single_claim=claim_id is not None, run_messages=tuple(run_messages))


def _pick_claim(claims: Sequence[ClaimRecord], key: str, run_id: str) -> ClaimRecord:
    """A claim by id, unique id prefix, or its number in the report ([1], [2]: agreed, rejected, open)."""
    number = key.strip().strip("[]#")
    if number.isdigit():
        ordered = sorted(claims, key=lambda c: _ORDER.get(c.status, 2))
        if 1 <= int(number) <= len(ordered):
            return ordered[int(number) - 1]
        raise NotFound(
            f"run {run_id} has {len(ordered)} claim(s); there is no claim [{int(number)}]",
            suggestion=f"give a number from 1 to {len(ordered)} or a claim id (see `consensus show {run_id}`)"
            if ordered
            else "this run has no claim to show",
        )
    matches = [c for c in claims if c.id == key] or [c for c in claims if c.id.startswith(key)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise NotFound(
            f"no claim {key!r} in run {run_id}", suggestion=f"list the run's claims with `consensus show {run_id}`"
        )
    ids = ", ".join(c.id for c in matches[:5])
    raise NotFound(f"claim prefix {key!r} matches several claims ({ids})", suggestion="give more of the claim id")


def _thread(claim: ClaimRecord, records: Sequence[MessageRecord]) -> Thread:
    entries = []
    for rec in records:
        kind, title, details, cites = describe(rec.message)
        entries.append(Entry(rec, kind, title, tuple(details), tuple(e.locator for e in cites)))
    tone, outcome, detail = _outcome(claim, records)
    return Thread(claim, _revisions(claim, records), tuple(entries), tone, outcome, detail)


def _revisions(claim: ClaimRecord, records: Sequence[MessageRecord]) -> tuple[Revision, ...]:
    revisions: list[Revision] = []
    for rec in records:
        msg = rec.message
        if isinstance(msg, ClaimProposed):
            revisions.append(Revision(1, msg.statement, msg.proposed_by.value))
        elif isinstance(msg, ClaimRefined):
            revisions.append(Revision(msg.revision, msg.refined_statement, msg.refined_by.value, msg.reason))
    if not revisions or revisions[-1].statement != claim.statement:  # a log cut short: trust the claim row
        revisions.append(Revision(claim.revision, claim.statement, claim.proposer.value))
    return tuple(revisions)


def _last(records: Sequence[MessageRecord], kind: type[_M]) -> tuple[str, _M] | None:
    """The author and payload of the last message of ``kind``."""
    for rec in reversed(records):
        if isinstance(rec.message, kind):
            return rec.agent, rec.message
    return None


def _outcome(claim: ClaimRecord, records: Sequence[MessageRecord]) -> tuple[str, str, str]:
    if claim.status is ClaimState.AGREED:
        method = _words(claim.finalization_method or "unanimous")
        label = f"agreed ({method})"
        finalized = _last(records, ClaimFinalized)
        if finalized is None:
            return "agreed", label, f"Agreed at revision {claim.revision} ({method})."
        lead, msg = finalized
        detail = f"Finalized by {lead} at revision {msg.revision} ({method}); agreed by {_names(msg.agreed_by)}."
        mediated = _last(records, ClaimMediated)
        if mediated is not None:
            detail += f" Mediation by {mediated[0]}: {mediated[1].reason}"
        if msg.note:
            detail += f" Note: {msg.note}."
        return "agreed", label, detail
    if claim.status is ClaimState.REJECTED:
        rejected = _last(records, ClaimRejected)
        if rejected is None:
            return "rejected", "rejected", "Rejected."
        why = rejected[1]
        conflict = " (the sources conflict)" if why.conflicting_sources else ""
        return "rejected", "rejected", f"Rejected by {_names(why.rejected_by)}: {why.reason}{conflict}"
    state = _words(claim.status.value)
    votes = f" Votes to reject it: {_names(claim.reject_votes)}." if claim.reject_votes else ""
    return "open", f"open ({state})", f"Still open: {state} at revision {claim.revision}.{votes}"


def _words(value: str) -> str:
    return value.replace("_", " ")


def _names(roles: Iterable[str]) -> str:
    return ", ".join(roles) or "nobody"


def describe(msg: DebateMessage) -> tuple[str, str, list[tuple[str, str]], list[EvidenceRecord]]:
    """Put one claim message into words: ``(kind, title, details, attached evidence)``."""
    match msg:
        case ClaimProposed():
            title = f"proposed revision 1 (confidence {msg.confidence:.2f})"
            return "propose", title, [("statement", msg.statement)], list(msg.evidence)
        case ClaimAgreed():
            if msg.rationale == "proposer":  # the proposer's own vote, logged with every proposal
                return "agree", f"agreed with revision {msg.revision} (as proposer)", [], []
            details = [("rationale", msg.rationale)] if msg.rationale else []
            return "agree", f"agreed with revision {msg.revision}", details, []
        case ClaimChallenged():
            title = f"challenged revision {msg.revision} ({msg.severity}, {_words(msg.basis)})"
            details = [("reason", msg.reason)]
            if msg.satisfied_by:
                details.append(("would be satisfied by", msg.satisfied_by))
            return "challenge", title, details, list(msg.counter_evidence)
        case ClaimRefined():
            details = [("why", msg.reason)] if msg.reason else []
            details.append(("new statement", msg.refined_statement))
            return "refine", f"refined it into revision {msg.revision}", details, list(msg.additional_evidence)
        case ClaimDefended():
            title = f"defended revision {msg.revision}"
            return "defend", title, [("argument", msg.argument)], list(msg.additional_evidence)
        case ClaimRejected():
            details = [("reason", msg.reason), ("rejected by", _names(msg.rejected_by))]
            if msg.conflicting_sources:
                details.append(("note", "the sources conflict"))
            return "reject", "rejected the claim", details, []
        case ClaimFinalized():
            details = [("agreed by", _names(msg.agreed_by))]
            if msg.note:
                details.append(("note", msg.note))
            return "finalize", f"finalized revision {msg.revision} ({_words(msg.method)})", details, []
        case ClaimTimeoutWarning():
            return "warn", f"warned {msg.waiting_for} of a timeout", [("message", msg.message)], []
        case ClaimStalled():
            return "stall", "declared the claim stalled", [("reason", msg.reason)], []
        case ClaimRejectVote():
            return "vote", "voted to reject the stalled claim", [("reason", msg.reason)], []
        case ClaimMediated():
            return "mediate", f"mediated revision {msg.revision}: {msg.verdict}", [("reason", msg.reason)], []
    return "other", _words(msg.action), [], []


# ----------------------------------------------------------------------------- shared pieces


def utc(moment: datetime) -> datetime:
    """``moment`` in UTC (the store's records are timezone-aware: ``store.timestamps``)."""
    return moment.astimezone(UTC)


def when(moment: datetime | None) -> str:
    """``2025-06-01 12:30 UTC``, or ``-`` for no time."""
    return utc(moment).strftime("%Y-%m-%d %H:%M UTC") if moment else "-"


def header_fields(report: Report) -> list[tuple[str, str]]:
    """The run header as label/value pairs, the same in every format."""
    run = report.run
    # the result's count is final; the run row's is the last progress update
    iterations = run.result.cost_metadata.iterations_run if run.result else run.iteration
    fields = [("Question", run.question)]
    if run.context:
        fields.append(("Context", run.context))
    fields += [
        ("Status", run.status + (f" ({run.current_action})" if run.status == "running" else "")),
        ("Model", f"{run.model_id} (sources: {run.source_backend})"),
        ("Depth", run.depth),
        ("Iterations", f"{iterations} of {run.constraints.max_iterations}"),
        ("Tokens", f"{run.tokens_used} of {run.constraints.token_budget}"),
        ("Started", when(run.created_at)),
        ("Finished", when(run.finished_at)),
        ("Claims", f"{run.agreed} agreed, {run.rejected} rejected, {run.pending} open"),
        ("Trace", run.trace_id),
    ]
    if run.error:
        fields.append(("Error", run.error))
    return fields


def missing_answer(run: RunRecord) -> str:
    """Why a run has no stored answer, in one sentence."""
    if run.status == "running":
        return "No answer yet: the run is still running. What the agents did so far is below."
    return f"No answer was stored: the run is {run.status}. What the agents did before it stopped is below."


def vote_lines(claim: ClaimRecord) -> list[str]:
    """Who voted what on which revision, e.g. ``r2: lead agree, skeptic agree``."""
    by_revision: dict[int, list[str]] = {}
    for vote in claim.votes:
        by_revision.setdefault(vote.revision, []).append(f"{vote.role} {vote.verdict}")
    lines = [f"r{rev}: {', '.join(votes)}" for rev, votes in sorted(by_revision.items())]
    if claim.reject_votes:
        lines.append(f"to reject (stalled): {_names(claim.reject_votes)}")
    return lines or ["(none)"]


# ----------------------------------------------------------------------------- json


def report_json(report: Report) -> dict[str, Any]:
    """The one JSON export of a run: ``{"run", "result", "claims", "run_messages"}``.

    ``consensus show --format json`` prints it and the MCP server's ``consensus://runs/{id}/debate``
    resource serves it. Each debate item (a claim's ``debate``, or ``run_messages``) is the message's
    own fields plus ``agent``, ``seq``, ``iteration`` and ``timestamp`` (ISO 8601, UTC, ``Z``);
    without those four it is a message :func:`protocols.parse_message` reads back, and ``result``
    validates as a :class:`~protocols.ResearchResult`.
    """
    run = report.run
    run_data = run.model_dump(mode="json", exclude={"result", "owner"})  # owner: host and pid, internal
    for key in ("created_at", "updated_at", "finished_at"):
        moment = getattr(run, key)
        run_data[key] = _iso(moment) if moment else None
    run_data["scope"] = [q.text for q in report.scope]
    claims = []
    for thread in report.threads:
        claim = thread.claim
        method = claim.finalization_method
        claims.append(
            {
                "id": claim.id,
                "status": claim.status.value,
                "statement": claim.statement,
                "revision": claim.revision,
                "proposer": claim.proposer.value,
                "confidence": claim.confidence,
                "scope_index": claim.scope_index,
                "finalization_method": method.value if method else None,
                "outcome": thread.outcome,
                "outcome_detail": thread.outcome_detail,
                "revisions": [
                    {"revision": r.number, "statement": r.statement, "by": r.author, "reason": r.reason}
                    for r in thread.revisions
                ],
                "evidence": [e.model_dump(mode="json") for e in claim.evidence],
                "votes": [{"role": v.role.value, "revision": v.revision, "verdict": v.verdict} for v in claim.votes],
                "reject_votes": [r.value for r in claim.reject_votes],
                "debate": [_message_json(e.record) for e in thread.entries],
            }
        )
    result = run.result.model_dump(mode="json") if run.result else None
    run_messages = [_message_json(rec) for rec in report.run_messages]
    return {"run": run_data, "result": result, "claims": claims, "run_messages": run_messages}


def _message_json(rec: MessageRecord) -> dict[str, Any]:
    meta = {"agent": rec.agent, "seq": rec.seq, "iteration": rec.iteration, "timestamp": _iso(rec.created_at)}
    return rec.message.model_dump(mode="json") | meta


def _iso(moment: datetime) -> str:
    return utc(moment).isoformat(timespec="milliseconds").replace("+00:00", "Z")
