/*
 * Times MdpTetris (https://github.com/brunoscherrer/mdptetris) on a fixed number of pieces, which its own
 * mdptetris_play_games cannot do (it plays whole games, seeded from the clock). This file only calls the
 * library's public functions; `npm run bench agents` builds it against a checkout of MdpTetris when
 * GRIDMIND_MDPTETRIS names one.
 *
 * Usage: mdptetris-pieces FEATURE_FILE WIDTH HEIGHT SEED PIECES   (run from MdpTetris's data/ folder)
 * Prints: "<pieces> pieces <lines> lines <games> games <seconds> s <rate> pieces/s"; a game that ends
 * before the count starts another.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "game.h"
#include "feature_policy.h"
#include "feature_functions.h"
#include "random.h"

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: %s FEATURE_FILE WIDTH HEIGHT SEED PIECES\n", argv[0]);
    return 2;
  }
  const int width = atoi(argv[2]), height = atoi(argv[3]);
  const long pieces = atol(argv[5]);
  FeaturePolicy policy;
  initialize_random_generator((unsigned int) atoi(argv[4]));
  load_feature_policy(argv[1], &policy);
  features_initialize(&policy);
  Game *game = new_game(0, width, height, 0, "pieces4.dat", NULL);

  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  long played = 0, lines = 0, games = 1;
  Action action;
  while (played < pieces) {
    if (game->game_over) {
      lines += game->score;
      game_reset(game);
      games++;
    }
    features_get_best_action(game, &policy, &action);
    game_drop_piece(game, &action, 0, &policy);
    played++;
  }
  lines += game->score;
  clock_gettime(CLOCK_MONOTONIC, &end);
  const double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
  printf("%ld pieces %ld lines %ld games %.3f s %.0f pieces/s\n", played, lines, games, seconds, played / seconds);
  free_game(game);
  features_exit();
  unload_feature_policy(&policy);
  exit_random_generator();
  return 0;
}
