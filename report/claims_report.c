#include "claims_report.h"

#include "claim_print.h"
#include "cli.h"
#include "material.h"
#include "material_table.h"
#include "tablebase.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The verdict of one entry, in the summary table. */
typedef struct EntryVerdict {
    bool checked;
    uint64_t failures;
} EntryVerdict;

static const char *verdict_word(const EntryVerdict *e) {
    return !e->checked ? "not checked (no table)" : e->failures ? "fails" : "holds";
}

static bool has_table(const char *dir, const char *material) {
    Material canonical;
    char path[4400];
    material_table_path(dir, material, &canonical, path, sizeof path);
    return access(path, R_OK) == 0;
}

/* Checks entry e on the set of its variant in sets and writes its markdown subsection. */
static EntryVerdict report_entry(const ClaimEntry *e, const char *sets, const char *pictures,
                                 FILE *out) {
    char dir[4200], options[CLAIM_TEXT_MAX * 2];
    snprintf(dir, sizeof dir, "%s/%s", sets, e->v.id);
    claim_options_text(&e->v, &e->claim, options, sizeof options);
    fprintf(out,
            "\n<a id=\"%s\"></a>\n\n### %s: %s\n\n> %s\n\n`dtb-probe claim --variant %s %s %s`\n",
            e->id, e->id, e->title, e->source, e->v.id, e->material, options);
    if (*e->refines)
        fprintf(out, "\nA restatement of [%s](#%s), with a condition or bound added.\n", e->refines,
                e->refines);
    EntryVerdict verdict = {has_table(dir, e->material), 0};
    if (!verdict.checked) {
        fprintf(out, "\nNot checked: these tables have no %s.\n", e->material);
        return verdict;
    }
    dtb_handle *h;
    if (dtb_open(e->v.id, dir, &h)) cli_die(2, "%s", dtb_last_error());
    static ClaimResult result;
    claim_check_material(&e->v, dir, e->material, &e->claim, &result);
    verdict.failures = claim_failures(&result);
    ClaimView view = {&e->v, e->material, &e->claim, &result, h};
    fprintf(out, "\n**%s**.\n\n", verdict_word(&verdict));
    char path[4400], link[256];
    snprintf(link, sizeof link, "report/claim-%s.svg", e->id);
    if (pictures) snprintf(path, sizeof path, "%s/claim-%s.svg", pictures, e->id);
    bool heat = pictures && verdict.failures;
    if (heat && !claim_write_heat_map(&view, path)) cli_die(1, "cannot write '%s'", path);
    claim_print_markdown(&view, heat ? link : NULL, out);
    dtb_close(h);
    return verdict;
}

static void print_summary(const ClaimEntry *entries, const EntryVerdict *verdicts, int count,
                          FILE *out) {
    fprintf(out,
            "| claim | variant | material | stated | verdict |\n| --- | --- | --- | --- | --- |\n");
    for (int i = 0; i < count; i++) {
        char statement[CLAIM_TEXT_MAX * 2];
        ClaimView view = {&entries[i].v, entries[i].material, &entries[i].claim, NULL, NULL};
        claim_statement(&view, statement, sizeof statement);
        fprintf(out, "| [%s](#%s)%s | %s | %s | %s | **%s** |\n", entries[i].id, entries[i].id,
                *entries[i].refines ? " (refined)" : "", entries[i].v.id, entries[i].material,
                statement, verdict_word(&verdicts[i]));
    }
}

void claims_report(const ClaimEntry *entries, int count, const char *sets, const char *pictures,
                   FILE *out) {
    EntryVerdict *verdicts = calloc((size_t)count, sizeof *verdicts);
    if (!verdicts) cli_die(1, "out of memory");
    /* The details go first into a temporary file, so that the summary can head them. */
    FILE *details = tmpfile();
    if (!details) cli_die(1, "cannot make a temporary file: %s", strerror(errno));
    for (int i = 0; i < count; i++)
        verdicts[i] = report_entry(&entries[i], sets, pictures, details);
    print_summary(entries, verdicts, count, out);
    rewind(details);
    for (int ch; (ch = fgetc(details)) != EOF;) fputc(ch, out);
    fclose(details);
    free(verdicts);
}
