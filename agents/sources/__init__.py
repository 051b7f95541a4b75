"""Where the agents' documents come from: source backends, which are not agents.

The local corpus (``corpus``: a folder indexed in SQLite FTS5, built by ``corpus_index``,
``corpus_files``, ``corpus_parts`` and ``corpus_scan``; files read by ``documents`` and
``htmltext``) and Tavily web search (``tavily``, the only module here that imports the tavily SDK;
what it makes of a web page is in ``webpages``). Both implement :class:`agents.SourceBackend`.

Only the corpus is re-exported here: importing :mod:`agents.sources.tavily` loads the tavily SDK and
httpx, so it is imported by its module name, and only when a key asks for it.
"""

from agents.sources.corpus import DEFAULT_MAX_FILE_BYTES, SUPPORTED_SUFFIXES, IndexReport, LocalCorpus

__all__ = ["DEFAULT_MAX_FILE_BYTES", "SUPPORTED_SUFFIXES", "IndexReport", "LocalCorpus"]
