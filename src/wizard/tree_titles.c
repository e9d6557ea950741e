/* SPDX-License-Identifier: MIT */
/*
 * tree_titles.c - rs-tree-titles FILE.yaml...: the titles of the
 * troubleshooting trees and of their steps as N_() lines, for xgettext.
 *
 * The titles live in YAML (profiles/trees/), which xgettext cannot read;
 * this tool loads each tree with tree.c (libyaml, validated as the program
 * loads it) and prints a C file that only marks the titles, with a comment
 * for the translator naming the file, the step and its check.  `make
 * update-po` writes it to src/wizard/tree_titles.inc (listed in
 * po/POTFILES.in, never compiled); tests/test_i18n.sh fails when it is
 * behind the trees.  tree.c translates the titles when it loads a tree.
 */
#include "wizard/tree.h"
#include "util.h"

#include <stdio.h>

/* s as the inside of a C string literal. */
static void c_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			putchar('\\');
		if (*s == '?')	/* no trigraph */
			fputs("\\", stdout);
		putchar(*s);
	}
	putchar('"');
}

static void tree_titles(const struct rs_tree *t, const char *file)
{
	printf("\n/* TRANSLATORS: the title of the tree %s (%s). */\n", t->name, file);
	fputs("N_(", stdout);
	c_string(t->title);
	fputs(")\n", stdout);
	for (size_t i = 0; i < t->n; i++) {
		const struct rs_tree_node *n = &t->nodes[i];

		printf("/* TRANSLATORS: a step of the tree %s (%s:%u, step %s, check %s). */\n",
		       t->name, file, n->line, n->id, n->check->id);
		fputs("N_(", stdout);
		c_string(n->title);
		fputs(")\n", stdout);
	}
}

int main(int argc, char **argv)
{
	char err[RS_MSG_LEN];

	if (argc < 2) {
		fprintf(stderr, "usage: rs-tree-titles FILE.yaml...\n");
		return 2;
	}
	printf("/* Generated from profiles/trees/ by rs-tree-titles (`make update-po`):\n"
	       " * do not edit.  The trees' titles for xgettext; never compiled. */\n");
	for (int i = 1; i < argc; i++) {
		struct rs_tree t;

		if (rs_tree_load(&t, argv[i], err, sizeof(err))) {
			fprintf(stderr, "rs-tree-titles: %s\n", err);
			return 1;
		}
		tree_titles(&t, argv[i]);
		rs_tree_free(&t);
	}
	return 0;
}
