// The page's state in its URL, so that a link or a reload reproduces it and the browser's
// back button steps through it. For a position: ?variant=V&fen=FEN, the position set up,
// then [&rules=pure][&moves_played=N] (N: Frisian's moves played in two kings against one),
// [&moves=M1+M2...] the moves played from it in full notation, [&at=K] the number of them
// on the board when not all, and the settings [&flip=1][&numbers=1][&speed=S]. For a
// material's statistics: ?variant=V&material=M[&rules=pure].

// Settings that are off unless the address sets them to 1.
const FLAGS = ["flip", "numbers"];

/** The view in the address bar; absent parts are undefined (moves: an empty list). */
export function readUrl() {
    const params = new URLSearchParams(location.search);
    const get = (key) => params.get(key) ?? undefined;
    const at = get("at");
    return {
        variant: get("variant"),
        fen: get("fen"),
        rules: get("rules"),
        moves_played: get("moves_played"),
        material: get("material"),
        moves: (get("moves") ?? "").split(" ").filter(Boolean),
        at: at === undefined ? undefined : Number(at),
        flip: get("flip") === "1",
        numbers: get("numbers") === "1",
        speed: get("speed"),
    };
}

function search(view) {
    const params = new URLSearchParams();
    for (const key of ["variant", "material", "fen"])
        if (view[key]) params.set(key, view[key]);
    if (view.rules === "pure") params.set("rules", "pure");               // official is the default
    if (view.moves_played) params.set("moves_played", view.moves_played); // 0 is the default
    if (view.moves?.length) params.set("moves", view.moves.join(" "));
    if (view.at !== undefined && view.at !== view.moves?.length) params.set("at", view.at);
    for (const flag of FLAGS)
        if (view[flag]) params.set(flag, "1");
    if (view.speed) params.set("speed", view.speed);
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
