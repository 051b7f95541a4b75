"""The one redaction function: header values, configured keys and key-shaped strings."""

from __future__ import annotations

import pytest

from protocols import REDACTED, redact


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"x-api-key": "abc123secretvalue"}', '{"x-api-key": "[REDACTED]"}'),
        ('{"authorization": "Bearer abc123secretvalue"}', '{"authorization": "Bearer [REDACTED]"}'),
        ("Authorization: Basic dXNlcjpwYXNz\nnext", "Authorization: Basic [REDACTED]\nnext"),
        ("[('x-api-key', 'abc123secretvalue')]", "[('x-api-key', '[REDACTED]')]"),
        ("Proxy-Authorization=Bearer abc; other", "Proxy-Authorization=Bearer [REDACTED]; other"),
        ("api_key=abc123secretvalue&q=1", "api_key=[REDACTED]&q=1"),
        ("key sk-ant-api03-AbCdEf0123456789 used", f"key {REDACTED} used"),
        ("key tvly-dev-AbCdEf0123456789 used", f"key {REDACTED} used"),
        ("authorization failed: check the key", "authorization failed: check the key"),
        ("Claude API overloaded (529): Overloaded", "Claude API overloaded (529): Overloaded"),
    ],
)
def test_secrets_are_replaced_and_ordinary_text_kept(text: str, expected: str) -> None:
    assert redact(text) == expected
    assert redact(expected) == expected  # idempotent: the runtime and the edges may redact again


def test_configured_keys_are_redacted_wherever_they_appear(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "plain-anthropic-value-42")
    monkeypatch.setenv("TAVILY_API_KEY", "plain-tavily-value-42")
    text = "echo: plain-anthropic-value-42 / plain-tavily-value-42 / given-key-value-7"
    assert redact(text, secrets=["given-key-value-7", None, ""]) == f"echo: {REDACTED} / {REDACTED} / {REDACTED}"


def test_short_configured_values_are_not_searched_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "a")  # would otherwise blank out every "a"
    assert redact("a banana") == "a banana"
