// The JSON API of dtb-serve (README, "HTTP API"). Every call resolves to the answer or
// throws an Error carrying the server's own message, which names the part at fault, with
// the answer's status and, for a missing table, the command that builds it (error.build).

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(path, params = {}) {
    const given = Object.entries(params).filter(([, value]) => value !== undefined);
    const query = new URLSearchParams(given).toString();
    const response = await fetch(query ? `${path}?${query}` : path);
    let body;
    try {
        body = await response.json();
    } catch {
        throw new Error(`${path}: the server answered ${response.status} without JSON`);
    }
    if (response.ok) return body;
    const error = new Error(body.error || `${path}: status ${response.status}`);
    error.status = response.status;
    error.build = body.build;
    error.retryAfter = Number(response.headers.get("Retry-After")) || 0;
    throw error;
}

/** The variants served, with their boards and materials. */
export const variants = () => get("api/variants");

/**
 * The value of a position and of each of its moves; position is {fen, rules,
 * moves_played}, the last two undefined where the variant has no draw rules.
 */
export const probe = (variant, position) => get(`api/${encodeURIComponent(variant)}`, position);

/** The line of best moves from position (as for probe). */
export const mainline = (variant, position) =>
    get(`api/${encodeURIComponent(variant)}/mainline`, position);

/**
 * W/D/L counts, the longest win and the DTW histogram of a material. While the server
 * counts another material (503 with Retry-After) it asks again when told, calling
 * waiting(error) each time.
 */
export async function stats(variant, material, rules, waiting) {
    const path = `api/${encodeURIComponent(variant)}/stats/${encodeURIComponent(material)}`;
    for (;;) {
        try {
            return await get(path, {rules});
        } catch (error) {
            if (error.status !== 503 || !error.retryAfter) throw error;
            waiting(error);
            await sleep(error.retryAfter * 1000);
        }
    }
}
