//! The map of the design: where each part lives, what the tool guarantees (one sentence each)
//! and the test that proves it. The README is the user's document and points here;
//! `cargo doc --document-private-items --open` shows this page and the items it names.
//!
//! This module holds no code: it exists only for the documentation (`cfg(doc)`), and the judge
//! never compiles it.
//!
//! # Where things are
//!
//! - **The proof.** By Sprague–Grundy the first player wins iff g(A_1) ⊕ … ⊕ g(A_N) ≠ 0. Why g
//!   rises with slope 1 and drops only at forbidden X's, and the duplicate-count table that tells
//!   a drop: on [`crate::sweep`]; which keys the table keeps and drops: on [`crate::Extra`]; why
//!   its keys defeat hash flooding: on [`crate::Keys`].
//! - **The judge file**, `src/main.rs`: the editorial's solution alone, read top-down: input
//!   ([`crate::Tokens`], whole, refusing garbage with its line), the forbidden moves grouped by X
//!   ([`crate::Forbidden`]), the sweep, the verdict. No `unsafe`, no thread. It compiles on its
//!   own with `proconio` and `rustc-hash`; `.ci/judge-check` builds it so.
//! - **The tool**, `src/cli/` behind the feature `cli`, calls the same sweep through
//!   [`crate::Machine`], so every test of the sweep tests what the judge runs. Only the tool has
//!   the streaming reader and its messages (`cli/reader.rs`), the sorts on two threads and the
//!   prefetch (`cli/threads.rs`), the dense path for the verdict (`cli/dense.rs`), the breakpoint
//!   map and the winning move (`cli/game.rs`), and play's index of the drops (`cli/board.rs`).
//! - **The rooms' order**, bottom first, as `tests/layering.rs` writes it: exit, threads, rng,
//!   strict, shapes, dense, reader, game, board, checker, why, table, modes, play, plot,
//!   generate, hack, audit; a room uses only those before it, and `src/cli.rs` dispatches.
//! - **hack** is one pipeline over trials (`cli/hack/mod.rs`: samples, saved games, search,
//!   confirm, shrink, growth, report); a trial says only how one game is tried (`trial.rs`), and
//!   `run/` (one command in its box under limits) uses nothing of hack above it.
//!
//! Complexity: O((N + M) log(N + M)) time (the sorts; O(N + M) on the dense path) and O(N + M)
//! memory; a winning move adds one pass over the map, a `play` reply O(log M + #forbidden moves
//! from the pile).
//!
//! # Guarantees, and the tests that prove them
//!
//! Each line: the guarantee, then `file`: `test function`. A `_full` twin or an ignored test runs
//! the same at full size (`cargo test --release -- --ignored`).
//!
//! ## The answers
//!
//! - g at every position is the brute-force mex, on 10,200 random games in six shapes:
//!   `src/tests/mod.rs`: `random_games_match_the_oracle_at_every_position`.
//! - g(0..=6) is the mex for all 1,024 forbidden sets with X ≤ 4:
//!   `src/tests/mod.rs`: `every_forbidden_set_with_x_at_most_4_matches_the_oracle`.
//! - Games of up to 3,000 moves with values near 10^18 and 2^64 − 1 match the algorithm written
//!   plainly (`src/tests/reference.rs`): `src/tests/mod.rs`:
//!   `large_games_near_the_top_match_the_plain_algorithm`.
//! - The hand-made edge cases hold: `src/tests/mod.rs`: `plain_nim_without_forbidden_moves`,
//!   `special_point_that_does_not_drop`, `equal_piles_on_a_dropped_special_point`,
//!   `consecutive_special_points`, `value_dropped_to_several_times`,
//!   `forbidden_moves_listed_twice_count_once`, `empty_piles_and_no_piles`,
//!   `values_near_the_top_of_u64`, `samples`.
//! - Every sample is answered as its `.out` says, within the statement and checked by the
//!   oracle: `tests/samples.rs`: `samples_holds_only_in_out_pairs`,
//!   `every_sample_is_small_strict_and_answered_by_the_oracle`.
//! - Values up to 2^64 − 1, N = 0 and repeated moves are answered: `tests/samples.rs`:
//!   `cases_beyond_the_statement_limits`.
//! - The sorts on two threads give the sweep's answers: `src/tests/tool.rs`:
//!   `games_sorted_on_two_threads_match_the_plain_algorithm`, `sort_on_two_sorts`.
//! - The dense path gives the plain algorithm's verdict, and is taken only where every special
//!   point is below 2 M: `src/tests/tool.rs`:
//!   `dense_games_match_the_plain_algorithm`,
//!   `dense_path_needs_special_points_below_twice_the_moves`.
//! - The moves come back as grouped after a sweep: `src/tests/tool.rs`:
//!   `swept_moves_come_back_as_grouped`.
//! - Every winning move is legal and leaves nim-sum 0: `src/tests/mod.rs`:
//!   `winning_moves_of_random_games_are_legal_and_reach_nim_sum_zero`; `tests/modes.rs`:
//!   `move_is_legal_and_wins_or_the_verdict_is_aoki`, `max_size_games_give_consistent_moves`.
//! - `--grundy` lists every pile's value in input order: `tests/modes.rs`:
//!   `grundy_lists_every_pile_in_input_order`.
//! - `table` prints g and its breakpoints: `src/tests/mod.rs`:
//!   `table_values_and_breakpoints_match_the_oracle`; `tests/table_judge.rs`:
//!   `table_prints_g_position_by_position`, `table_breakpoints_are_the_map`.
//! - `judge` accepts exactly the winning moves: `src/tests/mod.rs`:
//!   `judge_accepts_exactly_the_winning_moves_of_the_oracle`; `tests/table_judge.rs`:
//!   `judge_accepts_any_winning_move_and_says_why_it_rejects`.
//! - `why` states only the oracle's facts: `src/tests/mod.rs`:
//!   `why_states_the_oracles_facts_at_every_position`.
//! - `play` replies with a winning move from every position: `src/tests/mod.rs`:
//!   `play_replies_match_the_oracle_from_every_position_of_a_pile`; `tests/play.rs`:
//!   `wins_every_game_against_random_moves`, `wins_every_game_against_optimal_moves`.
//! - `plot` marks are the table's values: `tests/see.rs`:
//!   `plot_marks_are_the_table_of_small_games`,
//!   `plot_of_a_contest_size_game_is_panels_that_tell_the_truth`.
//!
//! ## Input
//!
//! - Both readers split on ASCII white space as proconio does, and are proconio sources:
//!   `src/tests/mod.rs`: `read_game_accepts_any_ascii_white_space`,
//!   `tokens_are_a_proconio_source_for_input`; `src/tests/tool.rs`:
//!   `stream_accepts_any_ascii_white_space`, `stream_is_a_proconio_source_for_input`.
//! - On corrupted games in pieces of any size, the tool's reader gives the plain reader's game or
//!   one-line message, and the judge's the same game or a refusal on the same line:
//!   `src/tests/stream.rs`: `stream_agrees_with_the_plain_reader_on_corrupted_games`,
//!   `reported_chunk_boundary_cases`; `src/tests/tool.rs`: `stream_tokens_cross_read_boundaries`.
//! - The judge file refuses garbage with one line that names its input line:
//!   `src/tests/mod.rs`: `read_game_refuses_garbage_on_its_line`; built alone, `.ci/judge-check`.
//! - The tool says what is wrong and where, and the likely cause where the lines disagree with
//!   N: `tests/errors.rs`: `empty_input_and_white_space_only`,
//!   `counts_missing_non_numeric_or_too_large`, `input_ending_early`,
//!   `a_line_that_disagrees_with_n_is_named_as_the_likely_cause`, `tokens_after_the_last_item`,
//!   `tokens_that_are_not_non_negative_integers`, `numbers_past_64_bits`,
//!   `forbidden_moves_that_are_not_moves`, `bytes_that_are_not_numbers_in_ascii`.
//! - A long token gets a short message wherever it ends, and leading zeros of any length are
//!   read: `tests/errors.rs`: `long_tokens_get_a_short_message`,
//!   `long_tokens_with_junk_are_refused_wherever_they_end`,
//!   `leading_zeros_of_any_length_are_read`.
//! - Random bytes and mutated games end in a verdict or one error line, never a panic or a hang:
//!   `tests/robustness.rs`: `random_byte_strings`, `mutations_of_valid_games`;
//!   `tests/errors.rs`: `random_binary_garbage`.
//! - Endless or huge invalid input is refused after at most one chunk past the bad byte, and
//!   declared counts reserve nothing the input does not back: `tests/streaming.rs`:
//!   `endless_invalid_input_fails_at_once_in_small_memory`,
//!   `a_large_file_with_a_bad_first_token_is_refused_unread`,
//!   `declared_counts_reserve_nothing_the_input_does_not_back`; `tests/errors.rs`:
//!   `huge_declared_counts_fail_fast_in_small_memory`.
//! - The verdict's reader gives the same game, piles sorted, and the same messages:
//!   `src/tests/tool.rs`: `read_game_sorted_is_read_game_with_sorted_piles`.
//! - Numbers on the command line are read as the game's are: `tests/errors.rs`:
//!   `numbers_of_stones_on_the_command_line_are_read_like_the_games`; `src/tests/tool.rs`:
//!   `parse_u64_takes_digits_only_and_all_of_u64`.
//!
//! ## The machine
//!
//! - Hash flooding costs expected O(1) a table operation for every input: `src/tests/mod.rs`:
//!   `hash_flooding_values_spread_over_the_table`, `fx_hash_of_a_key_is_the_hash_keys_chose`,
//!   `keys_are_distinct_for_distinct_values`; `tests/hostile.rs`:
//!   `hash_flooding_game_answers_right`.
//! - A thread that cannot start changes nothing but the time: `tests/hostile.rs`:
//!   `threads_that_cannot_start_give_the_same_answer`; the judge build in `.ci/judge-check`.
//! - Under a memory limit every mode answers or prints one `error: out of memory while ...`
//!   line, without hanging: `tests/hostile.rs`:
//!   `memory_limits_give_every_mode_the_answer_or_one_error_line`,
//!   `memory_limits_every_512_kib_give_the_answer_or_one_error_line`,
//!   `the_smallest_address_spaces_give_the_answer_or_the_out_of_memory_line`;
//!   `tests/streaming.rs`: `a_memory_limit_gives_the_answer_or_one_error_line`.
//! - A closed standard output is an error for the tool and a closed pipe is not; Python's
//!   DEVNULL takes the answer: `tests/hostile.rs`:
//!   `a_closed_standard_output_is_an_error_and_a_closed_pipe_is_not`,
//!   `every_mode_writes_to_pythons_devnull_with_status_0`,
//!   `play_machine_exits_1_when_its_output_breaks_mid_game`.
//! - Standard error that cannot be written keeps the exit status, and a file name cannot forge a
//!   second error line: `tests/hostile.rs`: `an_unwritable_standard_error_keeps_the_exit_status`,
//!   `file_names_cannot_forge_a_second_error_line`.
//! - A wrong command line is status 2 with a usage line and a hint: `tests/errors.rs`:
//!   `command_line_misuse_is_status_2_with_usage_and_a_hint`,
//!   `mistyped_subcommands_get_a_suggestion`, `help_documents_modes_input_and_exit_codes`.
//!
//! ## hack
//!
//! - It finds each kind of wrong solution with the judge's verdict, and shrinks a wrong answer or
//!   a crash to a 1-minimal game: `tests/hack.rs`: `overflow_in_32_bits_is_found_in_a_tiny_game`,
//!   `a_fixed_array_crash_shrinks_to_the_smallest_n_of_ones`,
//!   `a_slow_solution_is_a_timeout_with_its_growth_in_m`,
//!   `a_crash_is_found_with_its_standard_error`,
//!   `more_memory_than_the_limit_is_not_a_crash`, `a_debug_line_fails_sample_1_and_every_game`.
//! - A right solution passes: `tests/hack.rs`: `a_right_solution_passes_every_game`,
//!   `a_right_cpp_solution_passes_large_games_too`.
//! - The first games hold a pile of 10^18 and every edge, and the judge's max tests and anti-hash
//!   games come early: `tests/hack/hack_games.rs`:
//!   `full_size_max_tests_with_default_options`,
//!   `a_python_dict_keyed_by_x_is_a_timeout_on_the_anti_hash_game`; `src/cli/hack/search.rs`:
//!   `every_seeds_first_games_hold_a_pile_of_10_18_and_every_edge`.
//! - Time is wall time run alone less the wait other work caused, over every process and thread:
//!   `tests/hack/hack_limits.rs`: `waiting_for_a_cpu_that_other_work_holds_is_not_a_timeout`,
//!   `the_cpu_time_of_a_solutions_children_counts`; `tests/hack_quiet.rs`:
//!   `two_hacks_beside_two_busy_loops_pass_right_solutions`.
//! - Memory is the resident peak of the whole run: `tests/hack/hack_limits.rs`:
//!   `memory_is_the_resident_peak_against_the_limit`; `tests/hack/hack_sandbox.rs`:
//!   `shared_memory_is_counted_once_however_many_processes_map_it`.
//! - A failure that does not repeat is flaky: `src/cli/hack/confirm.rs`:
//!   `a_pass_makes_it_flaky_counted_over_flaky_runs`; `tests/hack/hack_limits.rs`:
//!   `a_failure_that_does_not_repeat_is_flaky_with_its_counts`.
//! - A timeout's growth is named: `tests/hack/hack_growth.rs`:
//!   `a_quadratic_solution_unshrunk_grows_about_quadratically_in_m`,
//!   `a_solution_that_never_ends_says_so`, `an_unordered_map_on_the_anti_hash_game_jumps_in_m`.
//! - A memory limit's growth is named, once shrunk, and not where every game fails:
//!   `tests/hack/hack_growth.rs`: `a_peak_linear_in_m_grows_about_linearly_in_m`,
//!   `a_memory_limit_on_every_game_has_no_growth`.
//! - No solution outlives hack, even killed by SIGKILL: `tests/hack/hack_limits.rs`:
//!   `hack_killed_by_sigkill_leaves_no_solution_running`; `tests/hack/hack_sandbox.rs`:
//!   `sigkill_to_hack_leaves_nothing_of_its_runs`, `sigint_leaves_nothing_of_its_runs`.
//! - A run's box keeps the user's files and the machine out of its reach:
//!   `tests/hack/hack_box.rs`: `a_vandal_changes_nothing_of_the_users`,
//!   `sysv_memory_a_run_leaves_dies_with_it`, `nothing_tells_a_run_that_hack_watches_it`,
//!   `a_run_reaches_no_socket_network_or_key_ring_of_the_machines`,
//!   `without_landlock_a_change_to_the_users_files_is_named_not_passed`.
//! - A right solution passes in its box: `tests/hack/hack_box.rs`:
//!   `a_right_solution_that_writes_scratch_files_passes_and_leaves_nothing`,
//!   `a_working_directory_with_a_mount_beneath_it_is_still_the_runs_own`.
//! - `--out` and `--save` are written whole or not at all: `tests/hack/hack_files.rs`:
//!   `a_full_disk_keeps_the_old_game_and_leaves_no_partial_one`,
//!   `out_never_overwrites_what_is_not_a_game`.
//! - A report reaches a reader through process substitution: `tests/hack/hack_box.rs`:
//!   `a_report_read_through_process_substitution_is_not_lost`.
//! - Each failure is named the moment it is confirmed, on a sample too: `tests/hack.rs`:
//!   `a_timeout_is_named_before_it_is_shrunk`; `tests/hack/hack_schedule.rs`:
//!   `an_endless_loop_is_reported_on_sample_1_in_a_few_limits`.
//! - The samples and saved games run first, alone, one at a time, for a program and a bot
//!   alike: `src/cli/hack/search.rs`: `the_fixed_games_run_first_one_at_a_time_and_alone`,
//!   `a_fixed_game_that_fails_ends_the_search`.
//! - A failure on inputs over a size alone says so, or that its probe was cut short:
//!   `tests/hack/hack_reports.rs`:
//!   `a_solution_wrong_only_on_long_inputs_is_told_that_the_size_is_the_cause`;
//!   `src/cli/hack/size.rs`: `a_probe_out_of_time_says_it_did_not_finish`.
//! - `--json` validates against `--json-schema`: `tests/hack/hack_json.rs`:
//!   `a_wrong_answer_on_a_sample_has_its_game_expected_and_actual`,
//!   `json_schema_needs_no_command_and_json_is_refused_beside_it`.
//! - `--interactive` judges bots: `tests/hack/hack_interactive.rs`: `a_right_bot_passes`,
//!   `a_plain_nim_bot_loses`, `a_forbidden_move_is_an_illegal_move`,
//!   `a_bot_that_never_flushes_is_idle_long_before_the_time_limit`.
//!
//! ## The other subcommands
//!
//! - `gen` keeps the statement unless `--beyond`, a seed gives the same bytes, and its anti-hash
//!   games collide as meant:
//!   `tests/generate.rs`: `a_seed_gives_the_same_bytes_in_every_version`,
//!   `every_shape_keeps_the_statement_without_beyond`,
//!   `anti_hash_games_put_every_key_in_one_bucket`.
//! - `audit` names each gap and each surviving mutant, and `--fill` leaves nothing missing:
//!   `tests/audit.rs`: `the_examples_alone_lack_the_large_tests_and_the_report_names_each_gap`,
//!   `wrong_answer_files_and_bad_inputs_are_named_each_with_its_reason`,
//!   `fill_adds_what_is_missing_and_nothing_is_missing_after`; every entry is counted or named,
//!   a linked folder's tests too: `hostile_entries_are_each_counted_and_named_and_nothing_hangs`,
//!   `a_linked_folder_of_tests_is_audited_once`.
//! - `play --machine` keeps the protocol: `tests/play.rs`:
//!   `protocol_breaches_get_minus_one_and_status_1`,
//!   `endless_or_garbled_lines_are_refused_without_reading_them_whole`.
//! - `plot` and `why` stay small and quick on the largest games: `tests/see.rs`:
//!   `plot_of_a_max_size_game_is_small_and_quick`, `why_on_a_max_size_game_is_short_and_quick`.
//! - The README stays within its limits and its examples print what they show: `tests/readme.rs`:
//!   `the_readme_is_short_and_opens_with_a_quick_start`,
//!   `the_readmes_console_examples_print_what_they_show`; `tests/readme_hack.rs`:
//!   `every_seeded_hack_example_of_the_readme_reproduces`.
//!
//! # Measuring
//!
//! `cargo bench --bench speed` (`tests/perf/speed.rs`; its opening lists the options) times the
//! release binary on `gen --shape` inputs of N = M = 2·10^5 in nine shapes, each aimed at a part of
//! the solver, against fixed yardsticks in the same rounds: `OnceSource read` (the whole input
//! read into proconio's `OnceSource` and parsed, nothing else), `parse only` (`--check`) and a
//! plain C++ solution (`tests/perf/compare.cpp`). The machine is shared: trust the per-round
//! ratios, not single times. `--baseline OLD` puts another build's binary beside this one.
//!
//! The targets, per-round ratios on every shape: the verdict at most 2.0 × `parse only` and at
//! most 1.0 × `OnceSource read`, and the C++ program at least 1.25 × the verdict's time. They
//! are goals, not guarantees: the benchmark's table shows the shapes where they are not met.
