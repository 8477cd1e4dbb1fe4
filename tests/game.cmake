platformer_test(test_physics test_physics.c)
