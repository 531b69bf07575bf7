/* `tb rules kpk [--svg FILE] [--files a-d|a-h]`: the rules of thumb for
 * KPK scored against the bitbase (tablebase/kpk_rules.h), printed as
 * tables, with a figure and board diagrams in plain SVG (README "Rules of
 * thumb for KPK"). */
#ifndef KS_TBRULES_H
#define KS_TBRULES_H

/* argv[0] is "rules"; returns the exit status (1 on bad arguments or a
 * file that cannot be written, with a message on stderr). */
int tb_rules_main(int argc, char **argv);

#endif
