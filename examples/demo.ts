// The README's demo: builds a view from a search and lists its companies, offline against the in-process mock.
import './view-from-search';
