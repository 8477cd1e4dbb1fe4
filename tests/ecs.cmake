# SPDX-License-Identifier: Zlib
platformer_test(test_ecs test_ecs.c)
platformer_test(test_ecs_model test_ecs_model.c)
