// The page's state in its URL, so that a link reproduces it and the browser's back button
// steps through it: ?variant=V&fen=FEN[&rules=pure][&moves_played=N] for a position (N:
// Frisian's moves played in two kings against one), ?variant=V&material=M for a material's
// statistics.

/**
 * {variant, fen, rules, moves_played, material} from the address bar; absent parts are
 * undefined.
 */
export function readUrl() {
    const params = new URLSearchParams(location.search);
    const get = (key) => params.get(key) ?? undefined;
    return {
        variant: get("variant"),
        fen: get("fen"),
        rules: get("rules"),
        moves_played: get("moves_played"),
        material: get("material")
    };
}

function search(view) {
    const params = new URLSearchParams();
    for (const key of ["variant", "material", "fen"])
        if (view[key]) params.set(key, view[key]);
    if (view.rules === "pure") params.set("rules", "pure");               // official is the default
    if (view.moves_played) params.set("moves_played", view.moves_played); // 0 is the default
    return `?${params}`;
}

/** Records view as a new entry of the browser's history. */
export function pushUrl(view) {
    if (search(view) !== location.search) history.pushState(null, "", search(view));
}

/** Records view in place of the current entry (small edits that need no step back). */
export function replaceUrl(view) { history.replaceState(null, "", search(view)); }

/** The link that opens view. */
export function linkTo(view) { return search(view); }
