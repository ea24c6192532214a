#include "claims_report.h"

#include "claim_print.h"
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
    bool reversed;
    char path[4400], err[256];
    return material_table_path(dir, material, &canonical, &reversed, path, sizeof path, err,
                               sizeof err) == STATUS_OK &&
           access(path, R_OK) == 0;
}

/* The failure of a call of the public API, its detail into err. */
static Status api_failure(const char *dir, char *err, size_t errlen) {
    return status_fail(err, errlen, STATUS_IO, dir, "%s", dtb_last_error());
}

/* Checks entry e on the set of its variant in sets and writes its markdown subsection. */
static Status report_entry(const ClaimEntry *e, const char *sets, const char *pictures, FILE *out,
                           EntryVerdict *verdict, char *err, size_t errlen) {
    char dir[4200], options[CLAIM_TEXT_MAX * 2];
    snprintf(dir, sizeof dir, "%s/%s", sets, e->v.id);
    claim_options_text(&e->v, &e->claim, options, sizeof options);
    fprintf(out,
            "\n<a id=\"%s\"></a>\n\n### %s: %s\n\n> %s\n\n`dtb-probe claim --variant %s %s %s`\n",
            e->id, e->id, e->title, e->source, e->v.id, e->material, options);
    if (*e->refines)
        fprintf(out, "\nA restatement of [%s](#%s), with a condition or bound added.\n", e->refines,
                e->refines);
    *verdict = (EntryVerdict){has_table(dir, e->material), 0};
    if (!verdict->checked) {
        fprintf(out, "\nNot checked: these tables have no %s.\n", e->material);
        return STATUS_OK;
    }
    dtb_handle *h;
    if (dtb_open(e->v.id, dir, &h)) return api_failure(dir, err, errlen);
    static ClaimResult result;
    Status s = claim_check_material(&e->v, dir, e->material, &e->claim, &result, err, errlen);
    if (s != STATUS_OK) {
        dtb_close(h);
        return s;
    }
    verdict->failures = claim_failures(&result);
    ClaimView view = {&e->v, e->material, &e->claim, &result, h};
    fprintf(out, "\n**%s**.\n\n", verdict_word(verdict));
    char path[4400], link[256];
    snprintf(link, sizeof link, "report/claim-%s.svg", e->id);
    if (pictures) snprintf(path, sizeof path, "%s/claim-%s.svg", pictures, e->id);
    bool heat = pictures && verdict->failures;
    if (heat && !claim_write_heat_map(&view, path))
        s = status_fail(err, errlen, STATUS_IO, path, "cannot write it");
    if (s == STATUS_OK && claim_print_markdown(&view, heat ? link : NULL, out) != DTB_OK)
        s = api_failure(dir, err, errlen);
    dtb_close(h);
    return s;
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

Status claims_report(const ClaimEntry *entries, int count, const char *sets, const char *pictures,
                     FILE *out, char *err, size_t errlen) {
    EntryVerdict *verdicts = calloc((size_t)count, sizeof *verdicts);
    /* The details go first into a temporary file, so that the summary can head them. */
    FILE *details = verdicts ? tmpfile() : NULL;
    Status s = STATUS_OK;
    if (!verdicts)
        s = status_fail(err, errlen, STATUS_MEMORY, "claims", "out of memory");
    else if (!details)
        s = status_fail(err, errlen, STATUS_IO, "claims", "cannot make a temporary file: %s",
                        strerror(errno));
    for (int i = 0; i < count && s == STATUS_OK; i++)
        s = report_entry(&entries[i], sets, pictures, details, &verdicts[i], err, errlen);
    if (s == STATUS_OK) {
        print_summary(entries, verdicts, count, out);
        rewind(details);
        for (int ch; (ch = fgetc(details)) != EOF;) fputc(ch, out);
    }
    if (details) fclose(details);
    free(verdicts);
    return s;
}
